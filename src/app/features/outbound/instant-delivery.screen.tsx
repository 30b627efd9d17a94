import { useMemo, useState } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { Alert, Badge, Button, Card, Group, Loader, NumberInput, Paper, SegmentedControl, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconMotorbike } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { HANDOVER_KIND } from '../../../shared/codes';
import { contract } from '../../../shared/contract';
import { INSTANT_PAGES, type PigeonholeBoard } from '../../../shared/contract/instant-delivery.contract';
import { newShippingNo } from './shipping-flow';
import { instantDeliveryOps } from '../../../shared/ops/instant-delivery.ops';
import { shippingOps } from '../../../shared/ops/shipping.ops';
import { afterCutoff, resolveZone } from '../../../shared/instant-delivery';
import { callApi } from '../../kit/api';
import { useQueue } from '../../kit/outbox/use-queue';
import { OpFeed, useOpAnswers } from '../../kit/outbox/op-feed';
import { useOutboxStatus } from '../../kit/outbox/use-outbox-status';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { ScanInput } from '../../kit/scan/scan-input';
import type { ScanVerdict } from '../../kit/scan/use-scan-input';
import { useSearchParam } from '../../kit/search-param';
import { toast } from '../../kit/toast';
import {
  pigeonholeCodeOf, pigeonholeScanRefusal, pigeonholesView, pigeonholeTone, placementFor, riderParcels, type PigeonholeView, type PlacementOutcome,
} from './instant-delivery-flow';
import { instantQueries } from './instant-delivery.queries';
import { HandoverFlow } from './shipping-parts';
import { shippingQueries } from './shipping.queries';

const TONE_COLOR = { empty: 'gray.0', holding: 'blue.0', full: 'yellow.1', overdue: 'red.1' } as const;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * /salesoutbound/instantDelivery/pigeonhole (docs/outbound.md "Instant delivery"). On a PC: the
 * pigeonhole grid — each pigeonhole's zone and parcels, waiting times flagged past the alert — the
 * parcels still to place, and a range of new pigeonholes. On a PDA: placement (scan the parcel, its
 * pigeonhole lights, scan the pigeonhole's label) and the rider's pickup (a handover of kind Instant
 * Rider, shipping's screen part), all offline ops.
 */
export default function PigeonholeScreen() {
  // Read at the first render: mounting the other layout first would start (and drop) the board's read twice.
  const wide = useMediaQuery('(min-width: 62em)', undefined, { getInitialValueInEffect: false });
  return wide ? <PigeonholeOffice /> : <PigeonholeOperation />;
}

function useHoles(board: PigeonholeBoard | undefined) {
  const outbox = useOutboxStatus();
  const ops = useMemo(() => outbox.ops.filter((op) => op.kind === instantDeliveryOps.place.kind && op.discarded_at === undefined), [outbox.ops]);
  const holes = useMemo(() => (board ? pigeonholesView(board, ops, nowSeconds()) : []), [board, ops]);
  return { holes, ops, allOps: outbox.ops };
}

// ---- PDA: placement and the rider's pickup ----

function PigeonholeOperation() {
  const mayPlace = useMayCall(instantDeliveryOps.place.access);
  const handover = useSearchParam('handover') ?? null;
  const navigate = useNavigate();
  const [mode, setMode] = useState<'place' | 'rider'>(handover ? 'rider' : 'place');
  const go = (no: string | null) => void navigate({ to: INSTANT_PAGES.pigeonhole, search: (no ? { handover: no } : {}) as never } as never);
  let body: React.ReactNode;
  if (!mayPlace) body = <MissingPermissionNote access={instantDeliveryOps.place.access} />;
  else if (handover) {
    body = <HandoverFlow key={handover} shippingNo={handover} detailPath={INSTANT_PAGES.deliverTaskDetail} onLeave={() => go(null)} aside={<RiderParcels shippingNo={handover} />} />;
  } else {
    body = (
      <>
        <SegmentedControl
          value={mode} onChange={(v) => setMode(v as 'place' | 'rider')} data-testid="ph-mode"
          data={[
            { value: 'place', label: <span data-testid="ph-mode-place"><Trans>Place parcels</Trans></span> },
            { value: 'rider', label: <span data-testid="ph-mode-rider"><Trans>Rider arrived</Trans></span> },
          ]}
        />
        {mode === 'place' ? <PlaceStep /> : <RiderStep onOpen={go} />}
      </>
    );
  }
  return (
    <Stack gap="sm" maw={720} mx="auto">
      <Title order={1} fz="h3"><Trans>Pigeonhole</Trans></Title>
      {body}
    </Stack>
  );
}

function PlaceStep() {
  const { t, i18n } = useLingui();
  const queue = useQueue();
  const boardQuery = instantQueries.board();
  const board = useQuery(boardQuery);
  const { holes, ops } = useHoles(board.data);
  const [placement, setPlacement] = useState<Extract<PlacementOutcome, { ok: true }> | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  useOpAnswers(ops, { refresh: boardQuery.queryKey, rejected: () => t`Placement refused` });

  if (board.isPending) return <Loader aria-label={t`Loading`} />;
  if (!board.data) {
    return <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />}><Trans>The pigeonhole board could not be read: connect once to read it.</Trans></Alert>;
  }
  const data = board.data;
  const refuse = (text: string): ScanVerdict => {
    setRefused(text);
    return { ok: false, say: text, message: text };
  };

  const onParcel = ({ value }: { value: string }): ScanVerdict => {
    const outcome = placementFor(data, holes, value);
    if (!outcome.ok) return refuse(i18n._(outcome.refusal));
    setRefused(null);
    setPlacement(outcome);
    const hole = outcome.pigeonhole;
    return { ok: true, say: t`Pigeonhole ${hole}` };
  };

  const onHole = ({ value }: { value: string }): ScanVerdict | 'handled' => {
    if (!placement) return { ok: false };
    const why = pigeonholeScanRefusal(holes, placement, value);
    if (why) return refuse(i18n._(why));
    const code = pigeonholeCodeOf(holes, value);
    const trackingNo = placement.parcel.tracking_no;
    setRefused(null);
    // Placed at once: the outbox shows the op before it is written, so the board counts it for the next parcel.
    setPlacement(null);
    void queue(instantDeliveryOps.place, { tracking_no: trackingNo, pigeonhole_code: code });
    return { ok: true, say: t`Placed in ${code}` };
  };

  const tracking = placement?.parcel.tracking_no ?? '';
  const zone = placement?.zoneCode ?? '';
  const pigeonhole = placement?.pigeonhole ?? '';
  return (
    <Stack gap="sm">
      {!data.config.enabled && <Alert color="orange"><Trans>Instant delivery is off in this warehouse.</Trans></Alert>}
      {refused && <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="ph-refused">{refused}</Alert>}
      {placement ? (
        <>
          <Card withBorder radius="md" padding="md" bg="teal.0" data-testid="ph-target" data-pigeonhole={placement.pigeonhole}>
            <Text size="sm" c="dimmed"><Trans>Put parcel {tracking} into</Trans></Text>
            <Text fw={900} ff="monospace" style={{ fontSize: 'clamp(2.5rem, 14vw, 4.5rem)', lineHeight: 1.1 }} data-testid="ph-target-code">{placement.pigeonhole}</Text>
            <Group gap={6}>
              <Badge variant="light"><Trans>Zone {zone}</Trans></Badge>
              <Badge variant="light" color="gray">{placement.parcel.order_no}</Badge>
              {placement.nextDay && <Badge color="orange" data-testid="ph-next-day"><Trans>After cut-off: next day</Trans></Badge>}
            </Group>
          </Card>
          <ScanInput label={<Trans>Scan pigeonhole {pigeonhole}'s label</Trans>} placeholder={t`Pigeonhole`} onScan={onHole} testId="ph-hole-scan" />
          <Button variant="subtle" onClick={() => { setPlacement(null); setRefused(null); }}><Trans>Another parcel</Trans></Button>
        </>
      ) : (
        <ScanInput label={<Trans>Scan a packed instant parcel's tracking number</Trans>} placeholder={t`Tracking No.`} onScan={onParcel} testId="ph-parcel-scan" />
      )}
      <Text size="xs" c="dimmed">
        <Trans>Placements are saved on this device, even without network, and sent when the network is back, each exactly once.</Trans>
      </Text>
      <OpFeed
        title={<Trans>Placed on this device</Trans>} ops={ops} testId="ph-op"
        describe={(op) => <><Text span ff="monospace" inherit>{String(op.payload.tracking_no)}</Text> → <Text span ff="monospace" fw={700} inherit>{String(op.payload.pigeonhole_code)}</Text></>}
      />
    </Stack>
  );
}

function RiderStep({ onOpen }: { onOpen(shippingNo: string): void }) {
  const { t } = useLingui();
  const queue = useQueue();
  const board = useQuery(instantQueries.board());
  const [carrier, setCarrier] = useState<string | null>(null);
  const [booking, setBooking] = useState('');
  const [rider, setRider] = useState('');
  const [phone, setPhone] = useState('');
  const [plate, setPlate] = useState('');
  const mayShip = useMayCall(shippingOps.open.access);
  if (!mayShip) return <MissingPermissionNote access={shippingOps.open.access} />;
  const carriers = board.data?.config.carrier_names ?? [];
  const start = () => {
    if (!carrier || !booking.trim()) return;
    const shippingNo = newShippingNo();
    void queue(shippingOps.open, {
      shipping_no: shippingNo, kind: HANDOVER_KIND.values.RIDER, carrier_name: carrier, dock_code: null, vehicle_no: plate || null, driver_name: rider || null,
      group_code: null, booking_no: booking.trim(), rider_phone: phone || null,
    }).then((queued) => queued && onOpen(shippingNo));
  };
  const onBooking = ({ value }: { value: string }): ScanVerdict => {
    setBooking(value.trim());
    return { ok: true };
  };
  return (
    <Stack gap="sm">
      <Text size="sm" fw={600}><Trans>Carrier</Trans></Text>
      {board.isPending ? <Loader size="sm" aria-label={t`Loading`} /> : (
        <Group gap={6} data-testid="ph-carriers">
          {carriers.length === 0 && <Text size="sm" c="dimmed"><Trans>No instant carrier is configured.</Trans></Text>}
          {carriers.map((c) => (
            <Button key={c} size="sm" variant={carrier === c ? 'filled' : 'default'} onClick={() => setCarrier(c)} data-testid="ph-carrier">{c}</Button>
          ))}
        </Group>
      )}
      <ScanInput label={<Trans>Scan or type the booking number</Trans>} placeholder={t`Booking No.`} onScan={onBooking} scanOnly={false} testId="ph-booking-scan" />
      {booking && <Text size="sm" data-testid="ph-booking"><Trans>Booking</Trans> <Text span ff="monospace" fw={700}>{booking}</Text></Text>}
      <Group grow gap="xs">
        <TextInput size="sm" label={t`Rider`} value={rider} onChange={(e) => setRider(e.currentTarget.value)} maxLength={100} data-testid="ph-rider" />
        <TextInput size="sm" label={t`Phone`} value={phone} onChange={(e) => setPhone(e.currentTarget.value)} maxLength={40} />
        <TextInput size="sm" label={t`Plate`} value={plate} onChange={(e) => setPlate(e.currentTarget.value)} maxLength={32} />
      </Group>
      <Button leftSection={<IconMotorbike size={18} aria-hidden />} disabled={!carrier || !booking} onClick={start} data-testid="ph-rider-start">
        <Trans>Start the pickup</Trans>
      </Button>
    </Stack>
  );
}

/** Where the rider's parcels wait: each parcel of his carrier in a pigeonhole, not loaded yet. */
function RiderParcels({ shippingNo }: { shippingNo: string }) {
  const board = useQuery(instantQueries.board());
  const detail = useQuery(shippingQueries.detail(shippingNo));
  const { holes, allOps } = useHoles(board.data);
  const opened = allOps.find((op) => op.kind === shippingOps.open.kind && op.payload.shipping_no === shippingNo);
  const carrier = detail.data?.handover.carrier_name ?? (opened ? String(opened.payload.carrier_name) : null);
  if (!carrier) return null;
  const loaded = new Set(allOps.filter((op) => op.kind === shippingOps.load.kind && op.state !== 'rejected').map((op) => String(op.payload.tracking_no).toUpperCase()));
  const waiting = riderParcels(holes, carrier).filter((r) => !loaded.has(r.parcel.trackingNo.toUpperCase()));
  if (waiting.length === 0) return null;
  return (
    <Stack gap={4} data-testid="ph-rider-parcels">
      <Text size="sm" fw={600}><Trans>Waiting for {carrier}</Trans></Text>
      {waiting.map((r) => (
        <Group key={r.parcel.trackingNo} justify="space-between" wrap="nowrap" gap="xs" data-testid="ph-rider-parcel">
          <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>{r.parcel.trackingNo}</Text>
          <Badge size="lg" color={r.parcel.overdue ? 'red' : 'teal'} ff="monospace" style={{ flexShrink: 0 }}>{r.pigeonhole}</Badge>
        </Group>
      ))}
    </Stack>
  );
}

// ---- PC: the grid, the parcels to place, new pigeonholes ----

function PigeonholeOffice() {
  const { t, i18n } = useLingui();
  const board = useQuery(instantQueries.board());
  const { holes } = useHoles(board.data);
  if (board.isPending) return <Loader aria-label={t`Loading`} />;
  if (!board.data) return <Alert color="red"><Trans>The pigeonhole board could not be read.</Trans></Alert>;
  const data = board.data;
  const cutoff = data.config.cutoff_time ?? '—';
  const alert = data.config.alert_minutes;
  const carriers = data.config.carrier_names.join(', ') || '—';
  return (
    <Stack gap="md" maw={1280}>
      <Title order={1} fz="h2"><Trans>Pigeonhole</Trans></Title>
      <Group gap="xs">
        <Badge color={data.config.enabled ? 'teal' : 'gray'}>{data.config.enabled ? <Trans>Instant delivery on</Trans> : <Trans>Instant delivery off</Trans>}</Badge>
        <Text size="sm"><Trans>Carriers: {carriers} · cut-off {cutoff} · alert after {alert} min</Trans></Text>
      </Group>
      {holes.length === 0 ? <Text c="dimmed"><Trans>No pigeonhole yet: create a range below.</Trans></Text> : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 5 }} spacing="sm" data-testid="ph-grid">
          {holes.map((h) => <PigeonholeCard key={h.code} hole={h} />)}
        </SimpleGrid>
      )}
      <WaitingParcels board={data} />
      <CreateRange board={data} />
      <Text size="xs" c="dimmed">{i18n._(HANDOVER_KIND.label(HANDOVER_KIND.values.RIDER)!)}: <Trans>riders' pickups are listed under Tasks › Delivery Task.</Trans></Text>
    </Stack>
  );
}

function PigeonholeCard({ hole }: { hole: PigeonholeView }) {
  const tone = pigeonholeTone(hole);
  const count = hole.parcels.length;
  const capacity = hole.capacity;
  return (
    <Card withBorder radius="md" padding="sm" bg={TONE_COLOR[tone]} data-testid="ph-card" data-pigeonhole={hole.code} data-tone={tone}>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={800} ff="monospace" fz="lg">{hole.code}</Text>
        <Badge variant="light">{hole.zoneCode}</Badge>
      </Group>
      <Text size="xs" c="dimmed"><Trans>{count} of {capacity} parcels</Trans>{hole.status !== 1 && <> · <Trans>inactive</Trans></>}</Text>
      <Stack gap={2} mt={4}>
        {hole.parcels.map((p) => {
          const minutes = p.waitingMinutes;
          return (
            <Group key={p.trackingNo} justify="space-between" wrap="nowrap" gap={4} data-testid="ph-card-parcel" data-overdue={p.overdue}>
              <div style={{ minWidth: 0 }}>
                <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>{p.trackingNo}</Text>
                <Text size="xs" c="dimmed" ff="monospace">{p.orderNo}</Text>
              </div>
              <Badge size="sm" color={p.overdue ? 'red' : 'gray'} variant={p.overdue ? 'filled' : 'light'} style={{ flexShrink: 0 }}>
                {p.overdue && <IconAlertTriangle size={10} aria-hidden />} <Trans>{minutes} min</Trans>
              </Badge>
            </Group>
          );
        })}
      </Stack>
    </Card>
  );
}

function WaitingParcels({ board }: { board: PigeonholeBoard }) {
  const { t } = useLingui();
  const waiting = board.waiting.filter((p) => p.shipping_no === null);
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} fz="h4" mb="xs"><Trans>Packed, not in a pigeonhole yet</Trans></Title>
      {waiting.length === 0 ? <Text size="sm" c="dimmed"><Trans>Every packed instant parcel is in its pigeonhole.</Trans></Text> : (
        <Table striped aria-label={t`Packed, not in a pigeonhole yet`} data-testid="ph-waiting">
          <Table.Thead>
            <Table.Tr>
              <Table.Th><Trans>Tracking No.</Trans></Table.Th>
              <Table.Th><Trans>Order No.</Trans></Table.Th>
              <Table.Th><Trans>Carrier</Trans></Table.Th>
              <Table.Th><Trans>Zone</Trans></Table.Th>
              <Table.Th><Trans>Day</Trans></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {waiting.map((p) => {
              const zone = resolveZone(p.receiver_address, board.zones);
              return (
                <Table.Tr key={p.tracking_no}>
                  <Table.Td ff="monospace">{p.tracking_no}</Table.Td>
                  <Table.Td ff="monospace">{p.order_no}</Table.Td>
                  <Table.Td>{p.carrier_name}</Table.Td>
                  <Table.Td>{zone ? zone.zone_code : <Text span c="red" size="sm"><Trans>No zone: add a zone code</Trans></Text>}</Table.Td>
                  <Table.Td>{afterCutoff(p.order_created_at, board.config.cutoff_time, board.time_zone) ? <Trans>Next day</Trans> : <Trans>Today</Trans>}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

function CreateRange({ board }: { board: PigeonholeBoard }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const mayCreate = useMayCall(contract.createPigeonholes.access);
  const zones = board.zones.filter((z) => z.status === 1);
  const [prefix, setPrefix] = useState('PH-');
  const [from, setFrom] = useState<number | string>(board.pigeonholes.length + 1);
  const [to, setTo] = useState<number | string>(board.pigeonholes.length + 1);
  const [zone, setZone] = useState<string | null>(null);
  const [capacity, setCapacity] = useState<number | string>(10);
  const create = useMutation({
    mutationFn: () => callApi(contract.createPigeonholes, { prefix, from: Number(from), to: Number(to), zone_code: zone ?? '', capacity: Number(capacity) }),
    onSuccess: (done) => {
      const count = done.codes.length;
      toast.success(t`${count} pigeonholes created`);
      void queryClient.invalidateQueries({ queryKey: instantQueries.all });
    },
  });
  if (!mayCreate) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="ph-create">
      <Title order={2} fz="h4" mb="xs"><Trans>Create pigeonholes for a zone</Trans></Title>
      <Group align="flex-end" gap="sm">
        <TextInput label={t`Prefix`} value={prefix} onChange={(e) => setPrefix(e.currentTarget.value.toUpperCase())} maxLength={16} w={100} />
        <NumberInput label={t`From`} value={from} onChange={setFrom} min={0} max={9999} allowDecimal={false} w={100} />
        <NumberInput label={t`To`} value={to} onChange={setTo} min={0} max={9999} allowDecimal={false} w={100} />
        <Select label={t`Zone code`} data={zones.map((z) => ({ value: z.zone_code, label: `${z.zone_code} · ${z.zone_name}` }))} value={zone} onChange={setZone} w={220} />
        <NumberInput label={t`Capacity (parcels)`} value={capacity} onChange={setCapacity} min={1} max={999} allowDecimal={false} w={150} />
        <Button onClick={() => create.mutate()} loading={create.isPending} disabled={!zone} leftSection={<IconCircleCheck size={16} aria-hidden />}><Trans>Create</Trans></Button>
      </Group>
    </Paper>
  );
}
