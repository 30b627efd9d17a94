import { useMemo } from 'react';
import { Alert, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { CC_COMPLIANCE_ACCESS } from '../../../shared/contract/abc.contract';
import { ccFrequencyRuleResource } from '../../../shared/resources/abc.resource';
import { callApi } from '../../kit/api';
import { ListPage, type ListPageExtras } from '../../kit/resource/resource-pages';
import { toast } from '../../kit/toast';
import { useSession } from '../../kit/use-session';
import { abcQueries } from './abc.queries';

/** The warehouse's daily cycle count compliance mode: on, only park range and location counts may be made by hand. */
function ComplianceMode() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { perms } = useSession();
  const canEdit = perms.has(CC_COMPLIANCE_ACCESS.edit);
  const mode = useQuery(abcQueries.compliance());
  const change = useMutation({
    mutationFn: (on: boolean) => callApi(contract.updateDailyCcComplianceMode, { daily_cc_compliance_mode: on ? 1 : 0 }, { quiet: true }),
    onSuccess: (saved) => {
      toast.success(t`Switch successfully!`);
      queryClient.setQueryData(abcQueries.compliance().queryKey, saved);
    },
    onError: () => toast.error(t`Switch failed, please try again later!`),
  });
  const on = mode.data?.daily_cc_compliance_mode === 1;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Text fw={600}><Trans>Daily cycle count compliance mode</Trans></Text>
            <Text size="sm" c="dimmed">
              <Trans>On: the daily cycle count follows the rules below, and only Park Range and Location cycle counts may be created by hand.</Trans>
            </Text>
          </Stack>
          <Switch
            checked={on} disabled={!canEdit || !mode.data || change.isPending} onChange={(e) => change.mutate(e.currentTarget.checked)}
            label={on ? t`On` : t`Off`} aria-label={t`Daily cycle count compliance mode`} data-testid="cc-compliance-mode"
          />
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * /rulecenter/cycleCountFrequency (spec §2 Rule Center › Cycle Count Frequency): how often the daily
 * cycle count counts a SKU by its ABC class and high value flag (the resource's list, create and
 * edit), and the warehouse's compliance mode.
 */
export default function CycleCountFrequencyScreen() {
  const extras = useMemo<ListPageExtras>(() => ({
    above: (
      <Stack gap="md">
        <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
          <Trans>
            A SKU is due when it was last counted that many days ago or more, or never. A rule for high value (or not high value) SKUs wins over its
            class's rule for any.
          </Trans>
        </Alert>
        <ComplianceMode />
      </Stack>
    ),
  }), []);
  return <ListPage def={ccFrequencyRuleResource} extras={extras} />;
}
