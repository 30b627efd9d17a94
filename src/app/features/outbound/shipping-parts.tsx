import { lazy, Suspense, useMemo, useState } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { Alert, Badge, Button, Card, Group, Loader, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconTruckDelivery } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { HANDOVER_KIND, PARCEL_STATUS, isGroupHandover } from '../../../shared/codes';
import { SHIPPING_PAGES, type ShippingBoard } from '../../../shared/contract/shipping.contract';
import { shippingOps } from '../../../shared/ops/shipping.ops';
import { manifestJob, masterAwbJob } from '../../../shared/print';
import { masterAwbOf } from '../../../shared/shipping-rules';
import { cue } from '../../kit/feedback';
import { enqueue, type OutboxOp } from '../../kit/outbox';
import { queueFailureText, useQueue } from '../../kit/outbox/use-queue';
import { OpFeed, useOpAnswers } from '../../kit/outbox/op-feed';
import { useOutboxStatus } from '../../kit/outbox/use-outbox-status';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { usePrinter } from '../../kit/print';
import { useWarehouseTimeZone } from '../../kit/resource/field-value';
import { ScanInput } from '../../kit/scan/scan-input';
import type { ScanVerdict } from '../../kit/scan/use-scan-input';
import { useSearchParam } from '../../kit/search-param';
import { useSession } from '../../kit/use-session';
import { toast } from '../../kit/toast';
import { closeAnswer, closeRefusal, handoverOpsOf, handoverView, loadCheck, manifestOf, newShippingNo, type HandoverView } from './shipping-flow';
import { shippingQueries } from './shipping.queries';

const K = HANDOVER_KIND.values;
// Online only (not precached): offline, before it was ever fetched, the dock simply shows no history.
const ShippingHistory = lazy(() => import('./shipping-history.online').catch(() => ({ default: NoHistory })));
function NoHistory(_props: { group: boolean }) {
  return <></>;
}

/**
 * The dock's screen (Shipping and Group Shipping, spec §2 /salesoutbound/shipping, groupshipping) on
 * a PDA: open a handover — the carrier (and, for a group, its pallet or bag code, scanned) — then scan
 * each parcel's tracking number; a wrong parcel is refused at once (shipping-flow.ts), each scan is
 * queued as an outbox op, online or not; "Hand over" closes it and prints the manifest (and a
 * group's master AWB label under the one AWB rule). The handover (`?handover=`) opens again offline.
 */
export function DockScreen({ group }: { group: boolean }) {
  const path = group ? SHIPPING_PAGES.group : SHIPPING_PAGES.courier;
  const shippingNo = useSearchParam('handover') ?? null;
  const mayShip = useMayCall(shippingOps.load.access);
  const navigate = useNavigate();
  const go = (no: string | null) => void navigate({ to: path, search: (no ? { handover: no } : {}) as never } as never);
  let body: React.ReactNode;
  if (!mayShip) body = <MissingPermissionNote access={shippingOps.load.access} />;
  else if (!shippingNo) body = <OpenStep group={group} onOpen={go} />;
  else body = <HandoverFlow key={shippingNo} shippingNo={shippingNo} detailPath={group ? SHIPPING_PAGES.groupDetail : SHIPPING_PAGES.courierDetail} onLeave={() => go(null)} />;
  return (
    <Stack gap="sm" maw={720} mx="auto">
      <Title order={1} fz="h3">{group ? <Trans>Group Shipping</Trans> : <Trans>Shipping</Trans>}</Title>
      {body}
    </Stack>
  );
}

/** Carriers with parcels waiting on the board, most parcels first. */
function carriersOf(board: ShippingBoard | undefined): { name: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const p of board?.parcels ?? []) {
    if (p.status === PARCEL_STATUS.values.PACKED && p.carrier_name) counts.set(p.carrier_name, (counts.get(p.carrier_name) ?? 0) + 1);
  }
  return [...counts].map(([name, count]) => ({ name, count })).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

function OpenStep({ group, onOpen }: { group: boolean; onOpen(shippingNo: string): void }) {
  const { t } = useLingui();
  const queue = useQueue();
  const board = useQuery(shippingQueries.board());
  const [carrier, setCarrier] = useState<string | null>(null);
  const [dock, setDock] = useState<string | null>(null);
  const [kind, setKind] = useState<number>(K.PALLET);
  const [vehicle, setVehicle] = useState('');
  const [driver, setDriver] = useState('');
  const carriers = carriersOf(board.data);
  const loading = (board.data?.handovers ?? []).filter((h) => (group ? isGroupHandover(h.kind) : h.kind === K.COURIER));
  const wide = useMediaQuery('(min-width: 62em)');

  const open = (groupCode: string | null) => {
    if (!carrier) return;
    const shippingNo = newShippingNo();
    void queue(shippingOps.open, {
      shipping_no: shippingNo, kind: group ? (kind as 2 | 3) : K.COURIER, carrier_name: carrier, dock_code: dock, vehicle_no: vehicle || null,
      driver_name: driver || null, group_code: groupCode,
    }).then((queued) => queued && onOpen(shippingNo));
  };
  const onGroupScan = ({ value }: { value: string }): ScanVerdict | 'handled' => {
    const code = value.trim();
    if (!code || !carrier) return { ok: false, say: t`Choose the carrier first`, message: t`Choose the carrier first` };
    open(code);
    return 'handled';
  };

  return (
    <Stack gap="sm">
      {loading.length > 0 && (
        <Stack gap={4} data-testid="ship-loading-list">
          <Text size="sm" fw={600}><Trans>Still loading</Trans></Text>
          {loading.map((h) => {
            const count = h.parcel_count;
            return (
              <Button key={h.shipping_no} variant="light" justify="space-between" onClick={() => onOpen(h.shipping_no)} data-testid="ship-resume"
                rightSection={<Text size="xs"><Trans>{count} parcels</Trans></Text>}>
                <Text span ff="monospace" size="sm">{h.shipping_no}</Text>&nbsp;·&nbsp;{h.carrier_name}{h.group_code ? ` · ${h.group_code}` : ''}
              </Button>
            );
          })}
        </Stack>
      )}
      <Text size="sm" fw={600}><Trans>Carrier</Trans></Text>
      {board.isPending ? <Loader size="sm" aria-label={t`Loading`} /> : (
        <Group gap={6} data-testid="ship-carriers">
          {carriers.length === 0 && <Text size="sm" c="dimmed"><Trans>No packed parcel waits on this device's board.</Trans></Text>}
          {carriers.map((c) => (
            <Button key={c.name} size="sm" variant={carrier === c.name ? 'filled' : 'default'} onClick={() => setCarrier(c.name)} data-testid="ship-carrier">
              {c.name} ({c.count})
            </Button>
          ))}
        </Group>
      )}
      {(board.data?.docks.length ?? 0) > 0 && (
        <>
          <Text size="sm" fw={600}><Trans>Dock</Trans></Text>
          <Group gap={6}>
            {board.data!.docks.map((d) => (
              <Button key={d.dock_code} size="xs" variant={dock === d.dock_code ? 'filled' : 'default'} onClick={() => setDock(dock === d.dock_code ? null : d.dock_code)} data-testid="ship-dock">
                {d.dock_code}
              </Button>
            ))}
          </Group>
        </>
      )}
      <Group grow gap="xs">
        <TextInput size="sm" label={t`Vehicle (optional)`} value={vehicle} onChange={(e) => setVehicle(e.currentTarget.value)} maxLength={32} />
        <TextInput size="sm" label={t`Driver (optional)`} value={driver} onChange={(e) => setDriver(e.currentTarget.value)} maxLength={100} />
      </Group>
      {group ? (
        <>
          <SegmentedControl
            value={String(kind)} onChange={(v) => setKind(Number(v))}
            data={[{ value: String(K.PALLET), label: t`Pallet` }, { value: String(K.BAG), label: t`Bag` }]}
          />
          <ScanInput
            label={kind === K.PALLET ? <Trans>Scan the pallet to load</Trans> : <Trans>Scan the bag to load</Trans>}
            placeholder={t`Pallet or bag code`} onScan={onGroupScan} disabled={!carrier} testId="ship-group-scan"
          />
        </>
      ) : (
        <Button leftSection={<IconTruckDelivery size={18} aria-hidden />} disabled={!carrier} onClick={() => open(null)} data-testid="ship-open">
          <Trans>Open handover</Trans>
        </Button>
      )}
      <Text size="xs" c="dimmed">
        <Trans>A handover opens on this device, even without network: its scans are sent when the network is back, each exactly once.</Trans>
      </Text>
      {board.isError && <Text size="xs" c="orange.8"><Trans>The board could not be read: parcels are checked by the server only.</Trans></Text>}
      {wide && <Suspense fallback={<Loader size="sm" />}><ShippingHistory group={group} /></Suspense>}
    </Stack>
  );
}

/** The last parcel scanned, with the server's answer once it comes. */
interface LastScan {
  code: string;
  opId: string;
}

/**
 * One handover being loaded: the scan of each parcel, the list, "Hand over". The dock's screens and
 * instant delivery's rider pickup (a handover of kind Instant Rider) share it; `detailPath` is the
 * handover's detail page (its one parameter takes the number), `aside` what the caller shows above the list.
 */
export function HandoverFlow({ shippingNo, detailPath, onLeave, aside }: { shippingNo: string; detailPath: string; onLeave(): void; aside?: React.ReactNode }) {
  const { t, i18n } = useLingui();
  const queue = useQueue();
  const session = useSession();
  const timeZone = useWarehouseTimeZone();
  const { print } = usePrinter();
  const board = useQuery(shippingQueries.board());
  const detailQuery = shippingQueries.detail(shippingNo);
  const detail = useQuery(detailQuery);
  const outbox = useOutboxStatus();
  const ops = useMemo(() => handoverOpsOf(outbox.ops, shippingNo), [outbox.ops, shippingNo]);
  const view = useMemo(() => handoverView(shippingNo, board.data, detail.data, outbox.ops), [shippingNo, board.data, detail.data, outbox.ops]);
  const [last, setLast] = useState<LastScan | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  useOpAnswers(ops, { refresh: detailQuery.queryKey, rejected: () => t`Shipping scan refused` });

  if (!view) {
    if (detail.isPending || board.isPending) return <Loader aria-label={t`Loading`} />;
    return (
      <Stack gap="sm">
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title={t`Cannot open ${shippingNo}`} data-testid="ship-error">
          <Trans>This handover is not known here: it was not opened on this device, and the server could not be asked.</Trans>
        </Alert>
        <Button variant="light" onClick={onLeave}><Trans>Back</Trans></Button>
      </Stack>
    );
  }

  const closeOp = ops.find((op) => op.kind === shippingOps.close.kind && op.state !== 'rejected');
  const lastOp = last ? ops.find((op) => op.op_id === last.opId) : undefined;

  const onScan = ({ value }: { value: string }): ScanVerdict | 'handled' => {
    const outcome = loadCheck(view, board.data, value);
    if (!outcome.ok) {
      const text = i18n._(outcome.refusal);
      setRefused(text);
      return { ok: false, say: text, message: text };
    }
    // Each scan is queued as it comes, however soon after the one before: the outbox shows an op
    // from the call on, so the next scan is judged with it (a duplicate is refused above).
    const code = value.trim();
    setRefused(null);
    void queue(shippingOps.load, { shipping_no: shippingNo, tracking_no: code })
      .then((op) => op && setLast({ code, opId: op.op_id }));
    const count = view.parcels.length + 1;
    return { ok: true, say: t`${count} loaded` };
  };

  const handOver = () => {
    const why = closeRefusal(view);
    if (why) {
      toast.error(i18n._(why));
      return;
    }
    void enqueue(shippingOps.close, { shipping_no: shippingNo, station_id: null }).then(async () => {
      cue('scan.accepted');
      const manifest = manifestOf(view, board.data, detail.data, {
        warehouse: session.warehouse ? `${session.warehouse.whs_id} ${session.warehouse.whs_name}` : '', timeZone, kindLabel: HANDOVER_KIND.label(view.kind)?.message ?? '',
        shippedAt: Math.floor(Date.now() / 1000),
      });
      await print(manifestJob(manifest));
      if (view.oneAwb && view.groupCode) {
        await print(masterAwbJob({ master_awb: masterAwbOf(shippingNo), carrier_name: view.carrierName, shipping_no: shippingNo, group_code: view.groupCode, parcel_count: view.parcels.length }));
      }
    }).catch((error: unknown) => toast.error(queueFailureText(i18n, error)));
  };

  return (
    <Stack gap="sm">
      <HandoverHeader view={view} onLeave={onLeave} />
      {view.closed ? <ClosedCard view={view} closeOp={closeOp} detailPath={detailPath} /> : (
        <>
          {last && <LastScanCard last={last} op={lastOp} />}
          {refused && <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="ship-refused">{refused}</Alert>}
          <ScanInput label={<Trans>Scan a parcel's tracking number</Trans>} placeholder={t`Tracking No.`} onScan={onScan} testId="ship-parcel-scan" />
          <Button color="teal" size="md" leftSection={<IconTruckDelivery size={18} aria-hidden />} onClick={handOver} disabled={view.parcels.length === 0} data-testid="ship-close">
            <Trans>Hand over to the driver</Trans>
          </Button>
        </>
      )}
      {aside}
      <ParcelList view={view} />
      <OpFeed
        title={<Trans>Scans on this device</Trans>} ops={ops} testId="ship-op"
        describe={(op) => (op.kind === shippingOps.load.kind ? <Text span ff="monospace" inherit>{String(op.payload.tracking_no)}</Text>
          : op.kind === shippingOps.open.kind ? <Trans>Handover opened</Trans> : <Trans>Handed over</Trans>)}
      />
    </Stack>
  );
}

function HandoverHeader({ view, onLeave }: { view: HandoverView; onLeave(): void }) {
  const { i18n } = useLingui();
  const count = view.parcels.length;
  const max = view.maxParcels;
  return (
    <Stack gap={4}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0, flex: 1 }}>
          <Text fw={800} fz="lg" ff="monospace" style={{ overflowWrap: 'anywhere' }} data-testid="ship-handover-no">{view.shippingNo}</Text>
          <Text size="sm">{view.carrierName}{view.groupCode ? ` · ${i18n._(HANDOVER_KIND.label(view.kind)!)} ${view.groupCode}` : ''}{view.dockCode ? ` · ${view.dockCode}` : ''}</Text>
        </div>
        <Button variant="subtle" size="compact-xs" style={{ flexShrink: 0 }} onClick={onLeave} data-testid="ship-leave"><Trans>Other handover</Trans></Button>
      </Group>
      <Group gap={6}>
        <Badge variant="light" color="blue" data-testid="ship-count">
          {max === null ? <Trans>{count} parcels</Trans> : <Trans>{count} of {max} parcels</Trans>}
        </Badge>
        {view.lineHaul === true && <Badge color="grape" data-testid="ship-line-haul"><Trans>Straight to line haul (bypass TWS)</Trans></Badge>}
        {view.lineHaul === false && <Badge color="gray" variant="light"><Trans>To transit warehouse</Trans></Badge>}
        {view.oneAwb && <Badge color="orange" variant="light"><Trans>One AWB</Trans></Badge>}
        {!view.known && <Badge color="yellow" variant="light" data-testid="ship-local"><Trans>Opened on this device</Trans></Badge>}
      </Group>
    </Stack>
  );
}

function LastScanCard({ last, op }: { last: LastScan; op: OutboxOp | undefined }) {
  const code = last.code;
  if (op?.state === 'rejected') {
    return <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title={<Trans>{code} refused</Trans>} data-testid="ship-last-refused">{op.last_error?.message ?? ''}</Alert>;
  }
  return (
    <Card withBorder radius="md" padding="sm" bg="teal.0" data-testid="ship-last">
      <Group gap="xs" wrap="nowrap">
        <IconCircleCheck size={22} aria-hidden />
        <div style={{ minWidth: 0 }}>
          <Text fw={700} ff="monospace" style={{ overflowWrap: 'anywhere' }}>{code}</Text>
          <Text size="xs" c="dimmed">{op?.state === 'done' ? <Trans>Loaded.</Trans> : <Trans>Loaded on this device: the server confirms it when it gets the scan.</Trans>}</Text>
        </div>
      </Group>
    </Card>
  );
}

function ClosedCard({ view, closeOp, detailPath }: { view: HandoverView; closeOp: OutboxOp | undefined; detailPath: string }) {
  const answer = closeOp ? closeAnswer(closeOp) : null;
  const no = view.shippingNo;
  const outbound = answer?.outbound_order_nos.length ?? 0;
  const awb = answer?.master_awb ?? (view.oneAwb ? masterAwbOf(no) : null);
  return (
    <Card withBorder radius="md" padding="sm" bg="teal.0" data-testid="ship-closed" data-confirmed={answer !== null}>
      <Text fw={700}><Trans>Handed over</Trans></Text>
      {answer ? <Text size="sm" data-testid="ship-closed-answer"><Trans>Shipped: {outbound} orders outbound.</Trans></Text>
        : <Text size="sm"><Trans>Saved on this device: the orders ship when the server gets the handover.</Trans></Text>}
      {awb && <Text size="sm"><Trans>Master AWB</Trans> <Text span ff="monospace" fw={700}>{awb}</Text></Text>}
      <Link to={detailPath.replace(/\$\w+/, encodeURIComponent(no)) as never}><Trans>Handover detail</Trans></Link>
    </Card>
  );
}

function ParcelList({ view }: { view: HandoverView }) {
  if (view.parcels.length === 0) return <Text size="sm" c="dimmed" data-testid="ship-empty"><Trans>No parcel loaded yet.</Trans></Text>;
  return (
    <Stack gap={4} data-testid="ship-parcels">
      {[...view.parcels].reverse().map((p) => (
        <Group key={p.trackingNo} justify="space-between" wrap="nowrap" gap="xs" data-testid="ship-parcel" data-queued={p.queued}>
          <div style={{ minWidth: 0, flex: 1 }}>
            <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>{p.trackingNo}</Text>
            {p.orderNo && <Text size="xs" c="dimmed" ff="monospace">{p.orderNo}</Text>}
          </div>
          {p.queued
            ? <Badge size="sm" variant="light" color="blue" style={{ flexShrink: 0 }}><Trans>scanned</Trans></Badge>
            : <Badge size="sm" color="teal" style={{ flexShrink: 0 }}><Trans>loaded</Trans></Badge>}
        </Group>
      ))}
    </Stack>
  );
}
