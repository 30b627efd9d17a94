import { Alert, Card, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { INBOUND_STATUS, codeEnum } from '../../../shared/codes';
import type { contract } from '../../../shared/contract';
import type { OutputOf } from '../../../shared/contract/define';
import type { FieldDef } from '../../../shared/resources/define';
import { FieldValue } from '../../kit/resource/field-value';
import { TaskScanStep } from '../../kit/scan-task/scan-task-parts';
import { relativeTime, useNow } from '../../kit/time';
import { countingQueries } from './counting.queries';

const PATH = '/inbound/counting';
export const groupStatusField: FieldDef = { kind: 'enum', label: /*i18n*/ 'Status', status: true, ...codeEnum(INBOUND_STATUS) };

/** Opens the counting screen on a group (or back to picking one with null). */
export function useOpenGroup() {
  const navigate = useNavigate();
  return (groupNo: string | null) => void navigate({ to: PATH, search: (groupNo ? { group_no: groupNo } : {}) as never });
}

type GroupRow = OutputOf<typeof contract.searchGroupList>['list'][number];

/** Step one: the group to count, scanned (its number, or the ASN number of a group of one), resumed from the operator's own, or picked from the waiting ones. */
export function GroupPicker() {
  const { t } = useLingui();
  const open = useOpenGroup();
  const groups = useQuery(countingQueries.groups());
  const mine = useQuery(countingQueries.myGroups());
  const myGroups = mine.data?.list ?? [];
  const waiting = (groups.data?.list ?? []).filter((g) => !myGroups.some((m) => m.group_no === g.group_no));
  return (
    <TaskScanStep title={<Trans>Counting</Trans>} label={<Trans>ASN group</Trans>} placeholder={t`Scan the ASN group or ASN number`} onOpen={open} testId="counting-group-scan">
      {myGroups.length > 0 && (
        <Stack gap="xs">
          <Title order={2} fz="sm"><Trans>My groups</Trans></Title>
          <Text size="xs" c="dimmed"><Trans>Groups you are counting that are not complete: pick one to go on.</Trans></Text>
          {myGroups.map((g) => <GroupCard key={g.group_no} group={g} onOpen={open} testId="counting-my-group" />)}
        </Stack>
      )}
      <Title order={2} fz="sm"><Trans>Groups to count</Trans></Title>
      {groups.isError && <Alert color="yellow"><Trans>The groups waiting to be counted could not be read. Scan a group number instead.</Trans></Alert>}
      {groups.data && waiting.length === 0 && myGroups.length === 0 && <Text c="dimmed" size="sm"><Trans>No group is waiting to be counted.</Trans></Text>}
      <Stack gap="xs">
        {waiting.map((g) => <GroupCard key={g.group_no} group={g} onOpen={open} testId="counting-group" />)}
      </Stack>
    </TaskScanStep>
  );
}

function GroupCard({ group: g, onOpen, testId }: { group: GroupRow; onOpen(groupNo: string): void; testId: string }) {
  const now = useNow(60_000);
  const last = g.last_counted_at === null ? null : relativeTime(g.last_counted_at * 1000, now);
  return (
    <UnstyledButton onClick={() => onOpen(g.group_no)} data-testid={testId}>
      <Card withBorder padding="sm" radius="md">
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={2}>
            <Group gap="xs">
              <Text fw={700} ff="monospace">{g.group_no}</Text>
              <FieldValue field={groupStatusField} value={g.status} />
            </Group>
            <Text size="xs" c="dimmed"><Trans>{g.asn_count} ASNs · {g.counted_qty} of {g.expected_qty} counted</Trans></Text>
            {last && <Text size="xs" c="dimmed"><Trans>Last counted {last}</Trans></Text>}
          </Stack>
          <IconChevronRight size={20} aria-hidden />
        </Group>
      </Card>
    </UnstyledButton>
  );
}
