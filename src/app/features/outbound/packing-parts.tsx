import type { ReactNode } from 'react';
import { Badge, Card, Group, NumberInput, Stack, Table, Text } from '@mantine/core';
import { IconPackage, IconScale } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { PARCEL_STATUS } from '../../../shared/codes';
import { WEIGHT_G_MAX } from '../../../shared/contract/checking.contract';
import { parcelTrackingNo, type PackingWork, type PackPayload, type Parcel } from '../../../shared/contract/packing.contract';
import type { OutboxOp } from '../../kit/outbox';
import { OpFeed, useOpAnswers } from '../../kit/outbox/op-feed';
import { NoData, codeField } from '../../kit/record-parts';
import { FieldValue } from '../../kit/resource/field-value';
import { expectedWeight, type DraftParcel } from './packing-flow';

/** Pieces of the packing station and of the screens that show parcels: they only render. */

const PARCEL_STATUS_FIELD = codeField(PARCEL_STATUS, /*i18n*/ 'Status', true);
const consumableName = (work: PackingWork, id: string) => work.boxes.find((b) => b.consumable_id === id)?.consumable_name ?? id;

/** One parcel being packed: its tracking number, box, fillers, units, expected and weighed grams. */
export function DraftParcelCard({ work, parcel, index, parcelNo, current, onPick, onWeight }: {
  work: PackingWork; parcel: DraftParcel; index: number; parcelNo: number | null; current: boolean;
  onPick(index: number): void; onWeight(index: number, grams: number | null): void;
}) {
  const { t } = useLingui();
  const expected = expectedWeight(work, parcel);
  const units = Object.entries(parcel.items).filter(([, q]) => q > 0);
  const trackingNo = parcelNo === null ? null : parcelTrackingNo(work.order.tracking_no, parcelNo);
  const shown = parcelNo ?? index + 1;
  return (
    <Card
      withBorder radius="md" padding="sm" bg={current ? 'blue.0' : undefined} style={{ borderWidth: current ? 2 : 1, cursor: 'pointer' }}
      onClick={() => onPick(index)} data-testid="packing-parcel" data-current={current} aria-current={current ? 'true' : undefined}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap={8}>
          <IconPackage size={20} aria-hidden />
          <Text fw={800}><Trans>Parcel {shown}</Trans></Text>
          {trackingNo && <Badge variant="light" ff="monospace" data-testid="packing-parcel-tracking">{trackingNo}</Badge>}
        </Group>
        {current && <Badge color="blue"><Trans>In hand</Trans></Badge>}
      </Group>
      <Text size="sm" mt={4} data-testid="packing-parcel-box">
        {parcel.box_id ? <Trans>Box: {consumableName(work, parcel.box_id)}</Trans> : <Trans>No box yet: scan one</Trans>}
        {parcel.filler_ids.length > 0 && <> · <Trans>Inside: {parcel.filler_ids.map((id) => consumableName(work, id)).join(', ')}</Trans></>}
      </Text>
      {units.length === 0 ? (
        <Text size="sm" c="dimmed"><Trans>Empty: scan units to move them here.</Trans></Text>
      ) : (
        <Text size="sm" ff="monospace" data-testid="packing-parcel-items">{units.map(([sku, qty]) => `${qty} × ${sku}`).join(' · ')}</Text>
      )}
      {units.length > 0 && work.needs.weight && (
        <Group gap="xs" mt={6} align="flex-end" onClick={(e) => e.stopPropagation()}>
          <NumberInput
            label={t`Weight (g)`} size="sm" w={140} min={1} max={WEIGHT_G_MAX} allowDecimal={false} allowNegative={false}
            value={parcel.weight_g ?? ''} onChange={(v) => onWeight(index, typeof v === 'number' ? v : null)}
            leftSection={<IconScale size={16} aria-hidden />} data-testid="packing-parcel-weight"
          />
          {expected !== null && <Text size="xs" c="dimmed" pb={8}><Trans>Expected about {expected} g</Trans></Text>}
        </Group>
      )}
    </Card>
  );
}

/** The order being packed: number, carrier, tracking number, receiver. */
export function PackingHeader({ work, action }: { work: PackingWork; action: ReactNode }) {
  const { order } = work;
  const orderNo = order.order_no;
  return (
    <Card withBorder radius="md" padding="sm">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={700} data-testid="packing-order"><Trans>Order {orderNo}</Trans></Text>
          <Group gap={6}>
            <Badge variant="light" ff="monospace" data-testid="packing-tracking">{order.tracking_no}</Badge>
            {order.carrier && <Badge variant="outline">{order.carrier}</Badge>}
            <Badge variant="outline" ff="monospace">{work.task.station_id}</Badge>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>{order.receiver.name}{order.receiver.address ? `\n${order.receiver.address}` : ''}</Text>
        </Stack>
        {action}
      </Group>
    </Card>
  );
}

/** The packing ops of this station and their answers. */
export function PackingFeed({ ops, refresh }: { ops: readonly OutboxOp[]; refresh: readonly unknown[] | null }) {
  const { t } = useLingui();
  useOpAnswers(ops, { refresh, rejected: () => t`Packing refused` });
  const describe = (op: OutboxOp): ReactNode => {
    const p = op.payload as PackPayload;
    const count = p.parcels.length;
    const taskNo = p.task_no;
    return <Trans>Task {taskNo}: {count} parcels</Trans>;
  };
  return <OpFeed title={<Trans>Packed on this station</Trans>} ops={ops} describe={describe} testId="packing-op" />;
}

/** An order's parcels as the server has them: tracking number, status, box, weight, units, handover. */
export function ParcelsTable({ parcels, testId = 'parcels' }: { parcels: readonly Parcel[]; testId?: string }) {
  const { t } = useLingui();
  if (parcels.length === 0) return <NoData />;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped aria-label={t`Parcels`} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th><Trans>Parcel</Trans></Table.Th>
            <Table.Th><Trans>Tracking No.</Trans></Table.Th>
            <Table.Th><Trans>Status</Trans></Table.Th>
            <Table.Th><Trans>Box</Trans></Table.Th>
            <Table.Th><Trans>Weight (g)</Trans></Table.Th>
            <Table.Th><Trans>Units</Trans></Table.Th>
            <Table.Th><Trans>Handover</Trans></Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {parcels.map((p) => (
            <Table.Tr key={p.tracking_no} data-testid={`${testId}-row`} data-tracking={p.tracking_no}>
              <Table.Td>{p.parcel_no}</Table.Td>
              <Table.Td ff="monospace">
                {p.tracking_no}
                {p.replaced_by && <Text size="xs" c="dimmed"><Trans>Replaced by {p.replaced_by}</Trans></Text>}
              </Table.Td>
              <Table.Td><FieldValue field={PARCEL_STATUS_FIELD} value={p.status} /></Table.Td>
              <Table.Td>{p.box_id ?? '—'}{p.filler_ids.length > 0 ? ` + ${p.filler_ids.join(', ')}` : ''}</Table.Td>
              <Table.Td>{p.weight_g ?? '—'}</Table.Td>
              <Table.Td ff="monospace">{p.items.map((i) => `${i.qty} × ${i.sku_id}`).join(' · ')}</Table.Td>
              <Table.Td>{p.shipping_no ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
