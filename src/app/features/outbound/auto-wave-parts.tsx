import { Alert, Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { PICKING_TYPE } from '../../../shared/codes';
import { WAVE_ACCESS, WAVE_PAGES, waveContract, type AutoWaveRun } from '../../../shared/contract/wave.contract';
import { waveDetailLink } from '../../../shared/resources/wave.resource';
import { callApi } from '../../kit/api';
import { toast } from '../../kit/toast';
import { useSession } from '../../kit/use-session';
import { useCanOpen } from '../../routes/use-access';

/**
 * Running auto wave rules now (the Action of the auto wave rule page, run_auto_wave): one rule or
 * every active one, from the auto wave rule list and the Wave Plan, and what a run released.
 */

/** Whether the user may run auto wave rules now. */
export const useCanRunAutoWaves = (): boolean => useSession().perms.has(WAVE_ACCESS.runAuto.perm);

/** Runs a rule (or every active one, null) and tells what it released; the lists and the plan read afresh. */
export function useRunAutoWaves(onDone: (runs: AutoWaveRun[]) => void) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ruleId: number | null) => callApi(waveContract.runAutoWave, { rule_id: ruleId }),
    onSuccess: ({ runs }) => {
      const waves = runs.reduce((sum, r) => sum + r.waves.length, 0);
      if (waves > 0) toast.success(t`Waves released: ${waves}`);
      else toast.warning(t`Nothing to wave now: no order is ready for these rules.`, 4000);
      void queryClient.invalidateQueries({ queryKey: ['resource'] });
      void queryClient.invalidateQueries({ queryKey: ['outbound'] });
      onDone(runs);
    },
  });
}

/** What runs released: each rule's waves, linked to their detail, and the orders they could not take. */
export function AutoWaveRunResult({ runs }: { runs: readonly AutoWaveRun[] }) {
  const { t, i18n } = useLingui();
  const canOpenWave = useCanOpen(WAVE_PAGES.logDetail);
  return (
    <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />} title={t`Run finished`} data-testid="auto-wave-run-result">
      <Stack gap="xs">
        {runs.map((run) => (
          <Stack key={run.rule_id} gap={4}>
            <Text size="sm" fw={600}>{run.rule_name}</Text>
            {run.waves.length === 0 ? (
              <Text size="sm" c="dimmed"><Trans>No wave released.</Trans></Text>
            ) : (
              <Group gap="xs">
                {run.waves.map((w) => {
                  const type = PICKING_TYPE.label(w.picking_type);
                  return (
                    <Badge key={w.wave_no} variant="light" size="lg" tt="none">
                      {canOpenWave ? <Anchor component={Link} to={waveDetailLink(w.wave_no, w.is_manual)} size="sm">{w.wave_no}</Anchor> : w.wave_no}
                      {' · '}{t`${w.order_count} orders, ${w.unit_count} units`}{type ? ` · ${i18n._(type)}` : ''}
                    </Badge>
                  );
                })}
              </Group>
            )}
            {run.skipped.length > 0 && (
              <Text size="sm" c="orange">{t`Orders not taken (waiting for stock or taken meanwhile): ${run.skipped.length}`}</Text>
            )}
          </Stack>
        ))}
      </Stack>
    </Alert>
  );
}
