import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Group, Loader, NumberInput, Paper, SegmentedControl, Stack, Switch, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowBack, IconCircleCheck, IconCloudOff, IconInfoCircle } from '@tabler/icons-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { INBOUND_STATUS, TRACKING_ID_STATUS } from '../../../shared/codes';
import { UPPER_BOUND } from '../../../shared/constants';
import { arrivalOps } from '../../../shared/ops/arrival.ops';
import { asnResource } from '../../../shared/resources/asn.resource';
import { isApiError } from '../../kit/api';
import { cue } from '../../kit/feedback';
import type { OutboxOp } from '../../kit/outbox';
import { useQueue } from '../../kit/outbox/use-queue';
import { OpFeed, useOpAnswers } from '../../kit/outbox/op-feed';
import { useOutboxStatus } from '../../kit/outbox/use-outbox-status';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { codeField } from '../../kit/record-parts';
import { FieldValue } from '../../kit/resource/field-value';
import { ScanInput } from '../../kit/scan/scan-input';
import type { ScanVerdict } from '../../kit/scan/use-scan-input';
import { useSearchParam } from '../../kit/search-param';
import { toast } from '../../kit/toast';
import { useSession } from '../../kit/use-session';
import { matchRoute, titleOf } from '../../routes/access';
import {
  arrivalView, boxScanAt, missingAtCompletion, sheetOpsOf, sheetRefusal, type ArrivalView, type BoxState, type SheetRead, type ViewBox,
} from './arrival-view';
import { arrivalQueries } from './asn.queries';

const F = asnResource.fields;
const boxStatusField = codeField(TRACKING_ID_STATUS, /*i18n*/ 'Status', true);

/**
 * /inbound/arriving and /moveinbound/move/arrving (spec §2; §7 the trarrival calls): the dock
 * operator scans the ASN or ASN group number of the arriving truck; where boxes are scanned
 * (setting is_scan_mtb: "Arriving & Pre-QC") each box's tracking id, marking damaged ones; then
 * completes the arrival — boxes not scanned are recorded missing. Every step is an offline op
 * (arrival.ops.ts), queued online or not: the screen answers at once from its copy of the sheet
 * (arrival-view.ts), kept for offline use; the sheet (`?sheet=`) opens again offline.
 */
export default function ArrivalScreen() {
  const { t, i18n } = useLingui();
  const { flags } = useSession();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const route = matchRoute(pathname)?.route;
  // The sheet lives in the screen (a navigation elsewhere in the app that drops the query string
  // leaves it open) and is written to the URL (`?sheet=`) so a reload, offline too, reopens it.
  const [sheetId, setSheetId] = useState<string | null>(useSearchParam('sheet') ?? null);
  const mayArrive = useMayCall(arrivalOps.start.access);
  const navigate = useNavigate();
  const open = (sheet: string | null) => {
    setSheetId(sheet);
    void navigate({ to: pathname, search: (sheet ? { sheet } : {}) as never, replace: true } as never);
  };
  const title = route ? i18n._(titleOf(route, flags)) : t`Arriving`;
  let body: React.ReactNode;
  if (!mayArrive) body = <MissingPermissionNote access={arrivalOps.start.access} />;
  else if (!sheetId) body = <SheetScan onSheet={open} />;
  else body = <SheetFlow key={sheetId} sheetId={sheetId} onSheet={open} />;
  return (
    <Stack gap="md" maw={720}>
      <Title order={1} fz="h2">{title}</Title>
      {body}
    </Stack>
  );
}

/**
 * Scanning a sheet starts its arrival (an op). Its copy, where the device has one (or can read
 * one), refuses a sheet that has nothing left to arrive and an unknown one; without a copy
 * (offline, never opened here) the start is queued all the same and the server judges it.
 */
function SheetScan({ onSheet, current }: { onSheet(sheetId: string): void; current?: string }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const queue = useQueue();
  const [refusal, setRefusal] = useState<string | null>(null);
  const refuse = (text: string) => {
    cue('scan.refused');
    setRefusal(text);
    toast.error(text);
  };
  const start = async (sheetId: string) => {
    let read: SheetRead | null = null;
    try {
      read = await queryClient.fetchQuery({ ...arrivalQueries.sheet(sheetId), staleTime: 5_000 });
    } catch (error) {
      // The server's refusal (an unknown sheet) is final; a network failure is not: queue, the server judges.
      if (isApiError(error)) return refuse(error.message);
    }
    const refused = sheetRefusal(read);
    if (refused) return refuse(i18n._(refused));
    const canStart = !read || read.sheet.asn_list.some((a) => a.status === INBOUND_STATUS.values.PENDING || a.status === INBOUND_STATUS.values.IN_TRANSIT);
    if (canStart && !(await queue(arrivalOps.start, { sheet_id: sheetId }))) return;
    cue('scan.accepted');
    setRefusal(null);
    onSheet(sheetId);
  };
  const onScan = ({ value }: { value: string }): ScanVerdict | 'handled' => {
    const sheetId = value.trim();
    if (!sheetId) return { ok: false };
    if (current && sheetId.toUpperCase() === current.toUpperCase()) return { ok: true };
    void start(sheetId);
    return 'handled';
  };
  return (
    <Stack gap="sm">
      <ScanInput
        label={<Trans>Scan the ASN or ASN group number</Trans>} placeholder={t`ASN / group number`}
        onScan={onScan} testId="arrival-sheet-scan"
      />
      {refusal && <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="arrival-refused">{refusal}</Alert>}
      {!current && (
        <Text size="sm" c="dimmed">
          <Trans>Scanning the sheet starts the arrival of its ASNs; completing it records when they arrived against their delivery slot.</Trans>
        </Text>
      )}
    </Stack>
  );
}

const REFUSED: Record<string, MessageDescriptor> = {
  [arrivalOps.start.kind]: msg`Arrival start refused`,
  [arrivalOps.check.kind]: msg`Box refused`,
  [arrivalOps.preQc.kind]: msg`Pre-QC refused`,
  [arrivalOps.complete.kind]: msg`Completion refused`,
};

function SheetFlow({ sheetId, onSheet }: { sheetId: string; onSheet(sheetId: string | null): void }) {
  const { t, i18n } = useLingui();
  const queue = useQueue();
  const query = arrivalQueries.sheet(sheetId);
  const read = useQuery(query);
  const config = useQuery(arrivalQueries.config());
  const outbox = useOutboxStatus();
  const ops = useMemo(() => sheetOpsOf(outbox.ops, sheetId), [outbox.ops, sheetId]);
  const offline = read.isError && !isApiError(read.error);
  const view = useMemo(
    () => (read.data || offline ? arrivalView(sheetId, read.data ?? null, ops, config.data ? config.data.is_scan_mtb === 1 : null) : null),
    [read.data, offline, sheetId, ops, config.data],
  );
  useOpAnswers(ops, { refresh: query.queryKey, rejected: (op) => i18n._(REFUSED[op.kind] ?? REFUSED[arrivalOps.check.kind]!) });

  if (read.isPending) return <Loader aria-label={t`Loading`} />;
  if (!view) {
    return (
      <Stack gap="sm">
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title={t`Cannot open ${sheetId}`} data-testid="arrival-error">
          {isApiError(read.error) ? read.error.message : String(read.error)}
        </Alert>
        <Button variant="light" onClick={() => onSheet(null)}><Trans>Another sheet</Trans></Button>
      </Stack>
    );
  }

  const onBoxScan = ({ value }: { value: string }): ScanVerdict | 'handled' => {
    const scan = boxScanAt(view, value);
    if (!scan.ok) {
      const text = i18n._(scan.refusal);
      if (!scan.warning) return { ok: false, say: text, message: text };
      // Checked already: nothing to do, said as a warning rather than an error.
      cue('scan.refused', { say: text });
      toast.warning(text, 3000);
      return 'handled';
    }
    const code = value.trim();
    void queue(arrivalOps.check, { sheet_id: sheetId, tracking_id: code });
    if (!scan.known) toast.warning(t`Box ${code} is not on this device's copy of the sheet: the server checks it.`, 3000);
    return { ok: true, say: scan.known ? t`Checked` : t`Sent to check` };
  };
  const complete = () => {
    const boxes = missingAtCompletion(view);
    void queue(arrivalOps.complete, { sheet_id: sheetId }).then((op) => {
      if (!op) return;
      const missing = boxes.length;
      cue(missing > 0 ? 'inbound.counting_mismatch' : 'scan.accepted');
      if (missing > 0) toast.warning(t`Arrival completed: ${missing} boxes missing (${boxes.join(', ')})`, 6000);
      else toast.success(t`Arrival completed`);
    });
  };

  return (
    <Stack gap="md">
      {!view.arriving ? (
        <SheetScan key="next" onSheet={onSheet} current={sheetId} />
      ) : view.scanBoxes ? (
        <ScanInput key="box" label={<Trans>Scan each box (tracking ID)</Trans>} placeholder={t`Tracking ID`} onScan={onBoxScan} testId="arrival-box-scan" />
      ) : (
        <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
          <Trans>Boxes are not scanned in this warehouse: completing the arrival checks them all.</Trans>
        </Alert>
      )}
      {!view.known && (
        <Alert color="yellow" icon={<IconCloudOff size={18} aria-hidden />} data-testid="arrival-no-copy">
          <Trans>This sheet was not opened on this device before and the network is gone: its scans are queued, and its ASNs and boxes show once the network is back.</Trans>
        </Alert>
      )}
      <SheetCard view={view} />
      <Group justify="space-between">
        <Button variant="default" leftSection={<IconArrowBack size={16} aria-hidden />} onClick={() => onSheet(null)}>
          <Trans>Another sheet</Trans>
        </Button>
        {view.arriving && (
          <Button color="teal" leftSection={<IconCircleCheck size={16} aria-hidden />} onClick={complete} data-testid="arrival-complete">
            <Trans>Complete Arrival</Trans>
          </Button>
        )}
      </Group>
      <Boxes view={view} />
      <OpFeed
        title={<Trans>Scans on this device</Trans>} ops={[...ops].reverse()} testId="arrival-op"
        describe={(op) => i18n._(describeOp(op))}
      />
    </Stack>
  );
}

/** What an op of the sheet did, in a few words. */
function describeOp(op: OutboxOp): MessageDescriptor {
  const trackingId = String(op.payload.tracking_id ?? '');
  const sheet = String(op.payload.sheet_id ?? '');
  switch (op.kind) {
    case arrivalOps.start.kind: return msg`Arrival of ${sheet} started`;
    case arrivalOps.check.kind: return msg`Box ${trackingId} checked`;
    case arrivalOps.complete.kind: return msg`Arrival of ${sheet} completed`;
    default: {
      if (op.payload.is_damaged === 1) return msg`Box ${trackingId} damaged`;
      if (op.payload.is_damaged === 0) return msg`Box ${trackingId} not damaged`;
      const cartons = String(op.payload.carton_qty);
      return msg`Box ${trackingId}: ${cartons} cartons`;
    }
  }
}

function SheetCard({ view }: { view: ArrivalView }) {
  const { i18n } = useLingui();
  const sheetId = view.sheetId;
  return (
    <Paper withBorder radius="md" p="md" data-testid="arrival-sheet">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={700}>{view.isGroup ? <Trans>ASN group {sheetId}</Trans> : <Trans>ASN {sheetId}</Trans>}</Text>
          <Group gap={6}>
            <Badge color="gray" variant="light" data-testid="count-expected"><Trans>Expected {view.counts.expected}</Trans></Badge>
            <Badge color="teal" variant="light" data-testid="count-checked"><Trans>Checked {view.counts.checked}</Trans></Badge>
            <Badge color="red" variant="light" data-testid="count-missing"><Trans>Missing {view.counts.missing}</Trans></Badge>
          </Group>
        </Group>
        {view.asns.map((asn) => (
          <Group key={asn.asnNo} gap="sm" wrap="wrap" data-testid={`arrival-asn-${asn.asnNo}`}>
            <Text size="sm" fw={600}>{asn.asnNo}</Text>
            <FieldValue field={F.status} value={asn.status} />
            {asn.queued && <QueuedBadge />}
            <Text size="sm" c="dimmed">{[asn.supplierId, asn.slotDate, asn.shiftName].filter(Boolean).join(' · ')}</Text>
            {asn.status === INBOUND_STATUS.values.ARRIVED && !asn.queued && <FieldValue field={F.arrival_timeliness} value={asn.arrivalTimeliness} />}
            <Text size="sm" c="dimmed">{i18n._(F.expected_cartons.label)}: {asn.expectedCartons}</Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

function QueuedBadge() {
  return <Badge color="yellow" variant="light" size="sm" leftSection={<IconCloudOff size={12} aria-hidden />}><Trans>Queued</Trans></Badge>;
}

/** A checked box's Pre-QC: damaged or not, and its carton count as labelled (each change an op). */
function PreQc({ box, sheetId }: { box: ViewBox; sheetId: string }) {
  const { t } = useLingui();
  const queue = useQueue();
  const [cartons, setCartons] = useState<number | string>(box.cartonQty);
  const trackingId = box.trackingId;
  return (
    <Group gap="xs" wrap="nowrap">
      <Switch
        size="sm" color="red" label={t`Damaged`} aria-label={t`Box ${trackingId} damaged`} checked={box.damaged}
        onChange={(e) => void queue(arrivalOps.preQc, { sheet_id: sheetId, tracking_id: trackingId, is_damaged: e.currentTarget.checked ? 1 : 0 })}
      />
      <NumberInput
        size="xs" w={88} min={1} max={UPPER_BOUND} allowDecimal={false} allowNegative={false} aria-label={t`Cartons of box ${trackingId}`}
        value={cartons} onChange={setCartons}
        onBlur={() => typeof cartons === 'number' && cartons !== box.cartonQty
          && void queue(arrivalOps.preQc, { sheet_id: sheetId, tracking_id: trackingId, carton_qty: cartons })}
      />
    </Group>
  );
}

function Boxes({ view }: { view: ArrivalView }) {
  const { t } = useLingui();
  const [which, setWhich] = useState<BoxState>('expected');
  const list = view.boxes.filter((b) => b.state === which);
  const preQc = which === 'checked' && view.scanBoxes && view.arriving;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <SegmentedControl
          value={which} onChange={(v) => setWhich(v as BoxState)} fullWidth data-testid="box-lists"
          data={[{ value: 'expected', label: t`Expected` }, { value: 'checked', label: t`Checked` }, { value: 'missing', label: t`Missing` }]}
        />
        {list.length === 0 ? (
          <Text c="dimmed" size="sm" ta="center"><Trans>No data</Trans></Text>
        ) : (
          <Stack gap={0} aria-label={t`Boxes`} data-testid={`boxes-${which}`}>
            {list.map((box) => (
              <Group key={box.trackingId} justify="space-between" wrap="wrap" gap="xs" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
                <div>
                  <Text size="sm" fw={600}>{box.trackingId}</Text>
                  <Text size="xs" c="dimmed">
                    {box.asnNo === null ? <Trans>Not on this device's copy of the sheet</Trans> : <>{box.asnNo} · <Trans>Cartons</Trans> {box.cartonQty}</>}
                  </Text>
                </div>
                <Group gap={6}>
                  <FieldValue field={boxStatusField} value={box.status} />
                  {box.queued && <QueuedBadge />}
                </Group>
                {preQc && box.asnNo !== null && <PreQc key={`${box.trackingId}-${box.cartonQty}`} box={box} sheetId={view.sheetId} />}
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
