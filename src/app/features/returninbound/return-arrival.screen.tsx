import { useMemo } from 'react';
import { Alert, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCloudOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { RETURN_ORDER_ACCESS } from '../../../shared/contract/return-order.contract';
import { returnArrivalOps } from '../../../shared/ops/return-arrival.ops';
import type { OutboxOp } from '../../kit/outbox';
import { OpFeed, useOpAnswers } from '../../kit/outbox/op-feed';
import { useOutboxStatus } from '../../kit/outbox/use-outbox-status';
import { useQueue } from '../../kit/outbox/use-queue';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { ScanInput } from '../../kit/scan/scan-input';
import type { ScanVerdict } from '../../kit/scan/use-scan-input';
import { answerOf, dockCounts, judgeParcel, scannedOf } from './return-arrival-view';
import { returnOrderQueries } from './return-order.queries';

function Count({ label, value, testId }: { label: React.ReactNode; value: number; testId: string }) {
  return (
    <Paper withBorder radius="md" p="xs" ta="center">
      <Text fz={28} fw={700} lh={1.1} data-testid={testId}>{value}</Text>
      <Text size="sm">{label}</Text>
    </Paper>
  );
}

/**
 * /returninbound/arrving: the return dock. Each returned parcel is scanned once: a return
 * expecting it arrives; a parcel no return expects goes to dispute, so nothing that came back is
 * lost. Every scan is an op (docs/returns.md), judged first against the device's copy of the
 * expected parcels, so the dock keeps working with the network gone.
 */
export default function ReturnArrivalScreen() {
  const { t, i18n } = useLingui();
  const queue = useQueue();
  const mayArrive = useMayCall(RETURN_ORDER_ACCESS.arrive);
  const expected = useQuery(returnOrderQueries.expectedParcels());
  const outbox = useOutboxStatus();
  const ops = useMemo(() => outbox.ops.filter((op) => op.kind === returnArrivalOps.scanParcel.kind), [outbox.ops]);
  useOpAnswers(ops, { refresh: returnOrderQueries.all, rejected: () => t`Parcel scan refused` });
  const counts = dockCounts(expected.data, ops);

  const onScan = ({ value }: { value: string }): ScanVerdict => {
    const judged = judgeParcel(value, expected.data, ops);
    if (judged.kind === 'refused') {
      const text = i18n._(judged.refusal);
      return { ok: false, say: text, message: text };
    }
    void queue(returnArrivalOps.scanParcel, { tracking_no: value.trim() });
    if (judged.kind === 'expected') {
      const units = judged.parcel.total_qty;
      return { ok: true, say: t`Arrived, ${units} units` };
    }
    return { ok: true, say: t`Unknown parcel: to dispute` };
  };

  const describe = (op: OutboxOp) => {
    const code = scannedOf(op);
    const answer = answerOf(op);
    if (answer?.outcome === 'arrived') {
      const asnNo = answer.asn_no;
      const units = answer.total_qty;
      return <Trans>{code} → return {asnNo}, {units} units</Trans>;
    }
    if (answer?.outcome === 'dispute') {
      const disputeNo = answer.dispute_no;
      return <Text span c="orange.9" fw={600}><Trans>{code} → dispute {disputeNo}</Trans></Text>;
    }
    const parcel = expected.data?.find((p) => p.tracking_no.toUpperCase() === code.toUpperCase());
    if (parcel) {
      const asnNo = parcel.asn_no;
      return <Trans>{code} → return {asnNo}</Trans>;
    }
    return <Text span c="orange.9" fw={600}><Trans>{code} → not expected: dispute</Trans></Text>;
  };

  return (
    <Stack gap="sm" maw={640}>
      <Title order={1} fz="h3"><Trans>Return Arriving</Trans></Title>
      {!mayArrive && <MissingPermissionNote access={RETURN_ORDER_ACCESS.arrive} />}
      {mayArrive && (
        <ScanInput label={<Trans>Scan a returned parcel's tracking number</Trans>} placeholder={t`Tracking No.`} onScan={onScan} testId="return-arrival-scan" />
      )}
      <SimpleGrid cols={3} spacing="xs">
        <Count label={<Trans>Expected</Trans>} value={counts.waiting} testId="return-arrival-waiting" />
        <Count label={<Trans>Scanned</Trans>} value={counts.scanned} testId="return-arrival-scanned" />
        <Count label={<Trans>To dispute</Trans>} value={counts.disputes} testId="return-arrival-disputes" />
      </SimpleGrid>
      {expected.isError && (
        <Alert color="orange" icon={<IconCloudOff size={18} aria-hidden />}>
          <Trans>The expected parcels could not be read: every scan is still queued, and the server decides whether it is a return or a dispute.</Trans>
        </Alert>
      )}
      <Group gap={6} wrap="nowrap">
        <IconAlertTriangle size={16} aria-hidden />
        <Text size="sm"><Trans>A parcel no return expects is recorded as a dispute: put it on the dispute shelf.</Trans></Text>
      </Group>
      <OpFeed title={<Trans>Scanned parcels</Trans>} ops={ops} describe={describe} limit={12} testId="return-arrival-op" />
    </Stack>
  );
}
