import { Alert, Button, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { IconCloudOff, IconServer } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { checkedTotals, groupTotals, type LocalGroup, type Settlement } from './counting-view';
import { countingQueries } from './counting.queries';

/**
 * Completing a group's counting: what it settles and what follows. Online with every count of
 * this device sent, both come from the server — its completion check (check_group_complete_record:
 * every device's counts, and whether the group can be completed) and the QC samples of the lines
 * (get_expected_qc_qty). Otherwise the screen works the totals out from its own view and says so.
 */
export function CompleteDialog({ opened, groupNo, group, unsent, onClose, onConfirm }: {
  opened: boolean;
  groupNo: string;
  group: LocalGroup;
  /** This device's ops of the group not yet answered by the server. */
  unsent: number;
  onClose(): void;
  onConfirm(): void;
}) {
  const { t } = useLingui();
  const fromServer = opened && unsent === 0 && navigator.onLine;
  const check = useQuery({ ...countingQueries.completion(groupNo), enabled: fromServer });
  const qc = useQuery({ ...countingQueries.expectedQc(groupNo), enabled: fromServer });
  const checked = fromServer && check.data ? check.data : null;
  const totals = checked ? checkedTotals(checked) : groupTotals(group);
  const refusal = checked && !checked.can_complete ? checked.reason : null;
  return (
    <Modal opened={opened} onClose={onClose} title={t`Complete counting of ${groupNo}?`} centered>
      <Stack gap="sm">
        {fromServer && check.isPending ? <Loader size="sm" aria-label={t`Checking with the server`} /> : (
          <>
            <Source checked={checked !== null} unsent={unsent} />
            <SettlementText totals={totals} />
            {refusal && <Alert color="red" data-testid="counting-complete-refused">{refusal}</Alert>}
          </>
        )}
        <QcSamples list={fromServer ? qc.data?.list ?? null : null} />
        <Group grow>
          <Button color="teal" onClick={onConfirm} disabled={refusal !== null} data-testid="counting-complete-confirm"><Trans>Complete</Trans></Button>
          <Button variant="default" onClick={onClose}><Trans>Cancel</Trans></Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Where the figures come from: the server (every device's counts), or this device. */
function Source({ checked, unsent }: { checked: boolean; unsent: number }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="counting-complete-source">
      {checked ? <IconServer size={14} aria-hidden /> : <IconCloudOff size={14} aria-hidden />}
      <Text size="xs" c={checked ? 'teal' : 'dimmed'}>
        {checked ? <Trans>Checked with the server: every device's counts</Trans>
          : unsent > 0 ? <Trans>Worked out on this device: {unsent} of its operations are not sent yet. Counts of other devices show once they are.</Trans>
            : <Trans>Worked out on this device: the server cannot be reached. Counts of other devices show online.</Trans>}
      </Text>
    </Group>
  );
}

function SettlementText({ totals }: { totals: Settlement }) {
  const { counted, expected, short, surplus, wrong } = totals;
  const cartons = totals.uncountedCartons.join(', ');
  return (
    <Stack gap={4} data-testid="counting-complete-totals">
      <Text size="sm"><Trans>{counted} of {expected} units are counted.</Trans></Text>
      {short > 0 && <Text size="sm" c="red"><Trans>{short} units short: they become shortage exceptions.</Trans></Text>}
      {surplus > 0 && <Text size="sm" c="orange"><Trans>{surplus} units surplus: they become surplus exceptions.</Trans></Text>}
      {wrong > 0 && <Text size="sm" c="red"><Trans>{wrong} units of wrong SKUs: they become wrong SKU exceptions and are not received.</Trans></Text>}
      {cartons && <Text size="sm" c="orange"><Trans>Nothing is counted in cartons {cartons}.</Trans></Text>}
    </Stack>
  );
}

interface QcLine { asn_no: string; line_no: number; sku_id: string; counted_qty: number; rule_name: string | null; sample_qty: number }

/** The units QC will inspect once the group is complete: known online only (they follow every device's counts). */
function QcSamples({ list }: { list: readonly QcLine[] | null }) {
  const sampled = list?.filter((l) => l.sample_qty > 0) ?? [];
  return (
    <Stack gap={4} data-testid="counting-complete-qc">
      <Title order={3} fz="sm"><Trans>QC after counting</Trans></Title>
      {list === null ? (
        <Text size="xs" c="dimmed"><Trans>The QC samples are shown when the device is online and every count is sent.</Trans></Text>
      ) : sampled.length === 0 ? (
        <Text size="sm"><Trans>No QC rule picks these lines: they go to receiving.</Trans></Text>
      ) : sampled.map((l) => {
        const { sku_id: sku, sample_qty: sample, counted_qty: lineCounted } = l;
        const rule = l.rule_name ?? '-';
        return (
          <Text key={`${l.asn_no}:${l.line_no}`} size="sm">
            <Trans>QC inspects {sample} of {lineCounted} units of {sku} ({rule}).</Trans>
          </Text>
        );
      })}
    </Stack>
  );
}
