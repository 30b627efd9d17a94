import { useMemo } from 'react';
import { Alert, Anchor, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconTruckDelivery } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useRouterState } from '@tanstack/react-router';
import { MT_SHIP_BY } from '../../../shared/codes';
import { MT_SHIPPING_ACCESS, MT_SHIPPING_PAGES } from '../../../shared/contract/mt-shipping.contract';
import { mtShippingOps } from '../../../shared/ops/mt-shipping.ops';
import { OpFeed, useOpAnswers } from '../../kit/outbox/op-feed';
import { useOutboxStatus } from '../../kit/outbox/use-outbox-status';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { ScanInput } from '../../kit/scan/scan-input';
import type { ScanVerdict } from '../../kit/scan/use-scan-input';
import { useQueueOp, useReadAfterOps } from './mt-shipping-parts';
import { mtShippingQueries } from './mt-shipping.queries';
import { newMtId, shipmentOpsOf, shipmentView, type ShipmentView } from './mt-shipping-flow';

const BY_BOX_PREFIX = '/mtoutbound/shippingbybox';

/**
 * MT Shipping by Pallet (spec §2 /mtoutbound/shipping/{shippingId?}) and by Box
 * (/mtoutbound/shippingbybox/{shippingId?}) on the PDA: a shipment opened on this device to one
 * destination, closed pallets (or loose closed boxes) scanned onto it, then closed — the dispatch:
 * the destination receives the pallets (boxes) as the MTBs of its Transfer Inbound ASN. Every step
 * is an offline op; the server refuses what the device cannot know (another destination, not closed,
 * loaded twice, shipped). The screen shows the server's read of the shipment (offlineRead) with this
 * device's ops laid over, so a shipment opened elsewhere, or loaded on two devices, shows whole.
 */
export default function MtShippingScreen() {
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const byBox = pathname.startsWith(BY_BOX_PREFIX);
  const { shippingId } = useParams({ strict: false }) as { shippingId?: string };
  const mayShip = useMayCall(MT_SHIPPING_ACCESS.ship);
  const screen = byBox ? MT_SHIPPING_PAGES.byBox : MT_SHIPPING_PAGES.byPallet;
  const open = (id: string | null) => void navigate({ to: screen, params: { shippingId: id ?? undefined } } as never);
  let body: React.ReactNode;
  if (!mayShip) body = <MissingPermissionNote access={MT_SHIPPING_ACCESS.ship} />;
  else if (!shippingId) body = <OpenStep byBox={byBox} onOpen={open} />;
  else body = <ShipmentRun key={shippingId} shippingId={shippingId} onLeave={() => open(null)} />;
  return (
    <Stack gap="sm" maw={720} mx="auto">
      <Title order={1} fz="h3">{byBox ? <Trans>MT Shipping by Box</Trans> : <Trans>MT Shipping by Pallet</Trans>}</Title>
      {body}
    </Stack>
  );
}

function OpenStep({ byBox, onOpen }: { byBox: boolean; onOpen(id: string): void }) {
  const { t } = useLingui();
  const queue = useQueueOp();
  const onScan = ({ value }: { value: string }): ScanVerdict | 'handled' => {
    const dest = value.trim().toUpperCase();
    if (!dest) return { ok: false };
    const id = newMtId('MTS');
    queue(mtShippingOps.open, { shipping_id: id, dest_whs_id: dest, ship_by: byBox ? MT_SHIP_BY.values.BOX : MT_SHIP_BY.values.PALLET }, () => onOpen(id));
    return 'handled';
  };
  return (
    <Stack gap="xs">
      <ScanInput label={<Trans>Scan or type the destination warehouse ID to open a shipment</Trans>} placeholder={t`Warehouse ID`} onScan={onScan} testId="mtship-dest-scan" />
      <Text size="xs" c="dimmed"><Trans>A shipment opens on this device, even without network: its scans are sent when the network is back, each exactly once.</Trans></Text>
    </Stack>
  );
}

function ShipmentRun({ shippingId, onLeave }: { shippingId: string; onLeave(): void }) {
  const { t } = useLingui();
  const queue = useQueueOp();
  const outbox = useOutboxStatus();
  const ops = useMemo(() => shipmentOpsOf(outbox.ops, shippingId), [outbox.ops, shippingId]);
  useOpAnswers(ops, { refresh: null, rejected: () => t`Shipping scan refused` });
  const query = mtShippingQueries.shipment(shippingId);
  const read = useQuery(query);
  const answeredAt = useReadAfterOps(ops, read.data?.askedAt ?? null, query.queryKey);
  const view = useMemo(() => shipmentView(shippingId, read.data ?? null, ops, answeredAt), [shippingId, read.data, ops, answeredAt]);
  if (read.isPending) return <Loader aria-label={t`Loading`} />;
  if (!view) {
    return (
      <Stack gap="sm">
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="mtship-error">
          <Trans>Shipment {shippingId} was not opened on this device, and the server has no such shipment or cannot be reached: see the shipping task list.</Trans>
        </Alert>
        <Button variant="light" onClick={onLeave}><Trans>Back</Trans></Button>
      </Stack>
    );
  }
  const byPallet = view.shipBy === MT_SHIP_BY.values.PALLET;
  const onScan = ({ value }: { value: string }): ScanVerdict | 'handled' => {
    const code = value.trim().toUpperCase();
    if (!code) return { ok: false };
    if (view.loaded.some((l) => l.code === code)) {
      const text = t`${code} is loaded already.`;
      return { ok: false, say: text, message: text };
    }
    queue(mtShippingOps.load, { shipping_id: shippingId, code });
    return 'handled';
  };
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Text fw={800} ff="monospace" data-testid="mtship-id">{shippingId}</Text>
          <Text size="sm"><Trans>To {view.destWhsId}</Trans></Text>
        </div>
        <Button variant="subtle" size="compact-xs" onClick={onLeave}><Trans>Other shipment</Trans></Button>
      </Group>
      <Badge variant="light" data-testid="mtship-count">{byPallet ? <Trans>{view.loaded.length} pallets</Trans> : <Trans>{view.loaded.length} boxes</Trans>}</Badge>
      {view.closed || view.closing ? <Dispatched view={view} /> : (
        <>
          <ScanInput
            label={byPallet ? <Trans>Scan a closed pallet</Trans> : <Trans>Scan a closed box</Trans>}
            placeholder={byPallet ? t`Pallet ID` : t`Box ID`} onScan={onScan} testId="mtship-scan"
          />
          <Button
            color="teal" size="md" leftSection={<IconTruckDelivery size={18} aria-hidden />} disabled={view.loaded.length === 0}
            onClick={() => queue(mtShippingOps.close, { shipping_id: shippingId })} data-testid="mtship-close"
          >
            <Trans>Close and dispatch</Trans>
          </Button>
        </>
      )}
      <Table striped aria-label={t`Loaded`} data-testid="mtship-loaded">
        <Table.Tbody>
          {view.loaded.map((l) => (
            <Table.Tr key={l.code}>
              <Table.Td ff="monospace">{l.code} {l.queued && <Badge size="xs" color="yellow" variant="light"><Trans>Queued</Trans></Badge>}</Table.Td>
              <Table.Td ta="right">
                {!view.closed && !view.closing && (
                  <Button size="compact-xs" variant="subtle" color="red" onClick={() => queue(mtShippingOps.unload, { shipping_id: shippingId, code: l.code })}>
                    <Trans>Unload</Trans>
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <OpFeed
        title={<Trans>Scans on this device</Trans>} ops={[...ops].sort((a, b) => b.seq - a.seq)} testId="mtship-op"
        describe={(op) => <Text span ff="monospace" inherit>{`${op.kind.split('.').pop()} ${String(op.payload.code ?? op.payload.dest_whs_id ?? '')}`}</Text>}
      />
    </Stack>
  );
}

function Dispatched({ view }: { view: ShipmentView }) {
  if (!view.dispatches) return <Alert color="yellow" data-testid="mtship-closing"><Trans>Dispatch queued: it is sent when the network is back.</Trans></Alert>;
  return (
    <Alert color="teal" data-testid="mtship-dispatched" title={<Trans>Dispatched to {view.destWhsId}</Trans>}>
      <Stack gap={2}>
        {view.dispatches.map((d) => (
          <Text key={d.order_no} size="sm">
            <Trans>{d.order_no}: transit shipment <Anchor component={Link} to={`/transfer/transitTask/detail/${encodeURIComponent(d.transit_shipment_no)}`}>{d.transit_shipment_no}</Anchor>, ASN {d.dest_asn_no}</Trans>
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
