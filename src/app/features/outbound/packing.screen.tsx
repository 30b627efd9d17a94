import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconPlus, IconPrinter } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { PackingWork } from '../../../shared/contract/packing.contract';
import { packingOps } from '../../../shared/ops/packing.ops';
import { LABEL_SIZES, DOCUMENT_SIZES, orderPackingListJob, parcelLabelsJob } from '../../../shared/print';
import { isApiError } from '../../kit/api';
import { cue } from '../../kit/feedback';
import { enqueue } from '../../kit/outbox';
import { sayQueueFailure } from '../../kit/outbox/use-queue';
import { useOutboxStatus } from '../../kit/outbox/use-outbox-status';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { usePrinter } from '../../kit/print';
import { ScanInput } from '../../kit/scan/scan-input';
import type { ScanVerdict } from '../../kit/scan/use-scan-input';
import { useSearchParam } from '../../kit/search-param';
import { setScreenStation, useScreenStation } from '../../kit/station';
import {
  addParcel, filledParcels, initialPlan, packedOrderPrintOf, packPayloadOf, packProblem, scanAtPacking, setWeight, type Plan,
} from './packing-flow';
import { DraftParcelCard, PackingFeed, PackingHeader, ParcelsTable } from './packing-parts';
import { packingQueries } from './packing.queries';

const PATH = '/salesoutbound/packing';

/**
 * Packing (spec §2 /salesoutbound/packing) at a packing station, every step by scan (a keyboard
 * wedge and a scale that types its grams; no mouse needed): the station → a checked order (its
 * number, the order system's or its tracking number) → the parcels proposed by the packaging rule
 * (packing-flow.ts), changed by scanning boxes, fillers and units into the parcel in hand → the
 * order's number again packs it: the op is queued in the outbox, online or not, and the labels and
 * packing list print at once (their tracking numbers are known at the station).
 */
export default function PackingScreen() {
  const navigate = useNavigate();
  const deviceStation = useScreenStation('packing');
  const station = useSearchParam('station') ?? (deviceStation || null);
  const order = useSearchParam('order') ?? null;
  const mayPack = useMayCall(packingOps.pack.access);
  const open = (next: { station?: string | null; order?: string | null }) => {
    const stationId = next.station === undefined ? station : next.station;
    if (next.station !== undefined) setScreenStation('packing', next.station ?? '');
    const search: Record<string, string> = {};
    if (stationId) search.station = stationId;
    if (stationId && next.order) search.order = next.order;
    void navigate({ to: PATH, search: search as never } as never);
  };
  let body: React.ReactNode;
  if (!mayPack) body = <MissingPermissionNote access={packingOps.pack.access} />;
  else if (!station) body = <CodeStep label={<Trans>Scan your packing station</Trans>} testId="packing-station-scan" onCode={(code) => open({ station: code })} />;
  else if (!order) body = <OrderStep station={station} onOrder={(code) => open({ order: code })} onStation={() => open({ station: null })} />;
  else body = <PackingTask key={`${station}\u0000${order}`} station={station} order={order} onNext={(code) => open({ order: code })} />;
  return (
    <Stack gap="sm" maw={1100} mx="auto">
      <Title order={1} fz="h3"><Trans>Packing</Trans></Title>
      {body}
    </Stack>
  );
}

/** One scan field that hands its code on. */
function CodeStep({ label, testId, onCode }: { label: React.ReactNode; testId: string; onCode(code: string): void }) {
  const onScan = ({ value }: { value: string }): ScanVerdict | 'handled' => {
    const code = value.trim();
    if (!code) return { ok: false };
    onCode(code);
    return 'handled';
  };
  return <ScanInput label={label} onScan={onScan} testId={testId} />;
}

function OrderStep({ station, onOrder, onStation }: { station: string; onOrder(code: string): void; onStation(): void }) {
  return (
    <Stack gap="xs" maw={560}>
      <Text size="sm" data-testid="packing-station"><Trans>Station {station}</Trans></Text>
      <CodeStep label={<Trans>Scan a checked order (order number or tracking number)</Trans>} testId="packing-order-scan" onCode={onOrder} />
      <Button variant="subtle" size="compact-sm" onClick={onStation} style={{ alignSelf: 'flex-start' }}><Trans>Change station</Trans></Button>
    </Stack>
  );
}

/** The order's packing task being started (or read again from this device's cache): loading, refused, then its parcels. */
function PackingTask({ station, order, onNext }: { station: string; order: string; onNext(code: string | null): void }) {
  const { t } = useLingui();
  const query = packingQueries.work(station, order);
  const work = useQuery(query);
  if (work.isPending) return <Loader aria-label={t`Loading`} />;
  if (work.isError && !work.data) {
    const offline = t`Order ${order} could not be opened: the network is gone and it was not opened on this device before.`;
    return (
      <Stack gap="sm" maw={560}>
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title={t`Cannot pack ${order}`} data-testid="packing-error">
          {isApiError(work.error) ? work.error.message : offline}
        </Alert>
        <CodeStep label={<Trans>Scan another order</Trans>} testId="packing-order-scan" onCode={onNext} />
      </Stack>
    );
  }
  if (work.data.task.status !== 1) return <PackedOrder work={work.data} onNext={onNext} refresh={query.queryKey} />;
  return <PackingRun work={work.data} refresh={query.queryKey} onNext={onNext} />;
}

/** An order already packed (opened again): its parcels, and the next order. */
function PackedOrder({ work, onNext, refresh }: { work: PackingWork; onNext(code: string | null): void; refresh: readonly unknown[] }) {
  const orderNo = work.order.order_no;
  const outbox = useOutboxStatus();
  const ops = useMemo(() => outbox.ops.filter((op) => op.kind === packingOps.pack.kind && (op.payload as { task_no?: string }).task_no === work.task.task_no), [outbox.ops, work.task.task_no]);
  return (
    <Stack gap="sm">
      <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />} data-testid="packing-complete"><Trans>Order {orderNo} is packed.</Trans></Alert>
      <ParcelsTable parcels={work.parcels} />
      <CodeStep label={<Trans>Scan the next order</Trans>} testId="packing-order-scan" onCode={onNext} />
      <PackingFeed ops={ops} refresh={refresh} />
    </Stack>
  );
}

function PackingRun({ work, refresh, onNext }: { work: PackingWork; refresh: readonly unknown[]; onNext(code: string | null): void }) {
  const { t, i18n } = useLingui();
  const printer = usePrinter();
  const outbox = useOutboxStatus();
  const ops = useMemo(() => outbox.ops.filter((op) => op.kind === packingOps.pack.kind && (op.payload as { task_no?: string }).task_no === work.task.task_no), [outbox.ops, work.task.task_no]);
  const [plan, setPlan] = useState<Plan>(() => initialPlan(work));
  const [refused, setRefused] = useState<string | null>(null);
  const [packed, setPacked] = useState(false);
  const queuing = useRef(false);
  const queued = packed || ops.some((op) => op.state !== 'rejected' && op.state !== 'discarded');
  const problem = packProblem(work, plan);
  const filled = filledParcels(plan);

  const pack = async () => {
    if (queuing.current || queued) return;
    if (problem) {
      const text = i18n._(problem.problem);
      setRefused(text);
      cue('scan.refused', { say: text });
      return;
    }
    queuing.current = true;
    try {
      const payload = packPayloadOf(work, plan, Math.floor(Date.now() / 1000));
      await enqueue(packingOps.pack, payload);
      setPacked(true);
      const count = payload.parcels.length;
      cue('scan.accepted', { say: t`Packed: ${count} parcels` });
      // The documents are the server's too (it logs the same): printed now, network or not.
      const doc = packedOrderPrintOf(work, payload);
      const setting = printer.setting.data;
      const labelSize = LABEL_SIZES[setting?.label_size ?? '100x150'];
      const documentSize = DOCUMENT_SIZES[setting?.document_size ?? 'A4'];
      await printer.print(parcelLabelsJob(doc, labelSize));
      await printer.print(orderPackingListJob(doc, documentSize));
    } catch (error) {
      sayQueueFailure(i18n, error);
    } finally {
      queuing.current = false;
    }
  };

  const onScan = ({ value }: { value: string }): ScanVerdict | 'handled' => {
    const code = value.trim();
    if (!code) return { ok: false };
    setRefused(null);
    const outcome = scanAtPacking(work, plan, code);
    if (!outcome.ok) {
      const text = i18n._(outcome.refusal);
      setRefused(text);
      return { ok: false, say: text, message: text };
    }
    if (outcome.what === 'pack') {
      void pack();
      return 'handled';
    }
    setPlan(outcome.plan);
    return { ok: true };
  };

  const orderNo = work.order.order_no;
  const trackingNo = work.order.tracking_no;
  const s = work.suggestion;
  const ruleName = s.rule_name ?? '';
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="sm">
          <PackingHeader work={work} action={<Button variant="subtle" size="compact-sm" onClick={() => onNext(null)}><Trans>Other order</Trans></Button>} />
          {queued ? (
            <Stack gap="sm">
              <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />} data-testid="packing-done">
                <Trans>Order {orderNo} is packed on this device; its labels are printed. The server takes it as the network allows.</Trans>
              </Alert>
              <CodeStep label={<Trans>Scan the next order</Trans>} testId="packing-order-scan" onCode={onNext} />
            </Stack>
          ) : (
            <>
              {s.status === 'none'
                ? <Alert color="yellow" variant="light" data-testid="packing-suggestion">{s.reason?.message ?? ''}</Alert>
                : <Text size="sm" data-testid="packing-suggestion"><Trans>Packaging rule {ruleName}: the proposed parcels are below.</Trans></Text>}
              <ScanInput
                label={<Trans>Scan a box, filler or unit for the parcel in hand, the scale's weight, or the order number to pack</Trans>}
                placeholder={t`Box, filler, SKU, grams or ${trackingNo}`} onScan={onScan} testId="packing-scan"
              />
              {refused && <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="packing-refused">{refused}</Alert>}
              <Group gap="xs">
                <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setPlan(addParcel(plan))} data-testid="packing-new-parcel">
                  <Trans>New parcel</Trans>
                </Button>
                <Button size="md" leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => void pack()} data-testid="packing-pack">
                  <Trans>Pack and print labels</Trans>
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="sm">
          {plan.parcels.map((parcel, index) => {
            const filledAt = filled.indexOf(parcel);
            return (
              <DraftParcelCard
                key={index} work={work} parcel={parcel} index={index} parcelNo={filledAt === -1 ? null : filledAt + 1} current={!queued && index === plan.current}
                onPick={(i) => setPlan({ ...plan, current: i })} onWeight={(i, grams) => setPlan(setWeight(plan, i, grams))}
              />
            );
          })}
          <PackingFeed ops={ops} refresh={refresh} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
