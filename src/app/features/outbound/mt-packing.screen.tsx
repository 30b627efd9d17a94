import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBox, IconPrinter, IconStack2 } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { MT_PACK_STATUS } from '../../../shared/codes';
import { MT_PACKING_PAGES, MT_SHIPPING_ACCESS } from '../../../shared/contract/mt-shipping.contract';
import { mtPackingOps } from '../../../shared/ops/mt-shipping.ops';
import { LABEL_SIZES, mtLabelJob, type MtLabel } from '../../../shared/print';
import { isApiError } from '../../kit/api';
import { cue } from '../../kit/feedback';
import { OpFeed, useOpAnswers } from '../../kit/outbox/op-feed';
import { useOutboxStatus } from '../../kit/outbox/use-outbox-status';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { usePrinter } from '../../kit/print';
import { ScanInput } from '../../kit/scan/scan-input';
import type { ScanVerdict } from '../../kit/scan/use-scan-input';
import { useSearchParam } from '../../kit/search-param';
import { newMtId, packingOpsOf, packingView, packScan, palletScan, type PackingView } from './mt-shipping-flow';
import { mtShippingQueries } from './mt-shipping.queries';
import { PackingTables, useQueueOp, useReadAfterOps } from './mt-shipping-parts';

const P = MT_PACK_STATUS.values;

/**
 * MT Packing (spec §2 /mtoutbound/packing/edit/{packingId?}/{palletId?}) on the PDA, every step by
 * scan: a checked MT order → its packing task; a box opened under a pre-printed label or a new id,
 * its SKUs scanned in, closed; closed boxes scanned onto a pallet, the pallet closed. Each step is an
 * offline op (shared/ops/mt-shipping.ops.ts); the screen lays this device's queued ops over the
 * server's last answer (mt-shipping-flow.ts), so it keeps working with the network gone.
 */
export default function MtPackingScreen() {
  const navigate = useNavigate();
  const { packingId, palletId } = useParams({ strict: false }) as { packingId?: string; palletId?: string };
  const order = useSearchParam('order') ?? null;
  const mayPack = useMayCall(MT_SHIPPING_ACCESS.pack);
  const open = (next: { packingId: string | null; orderNo: string | null; palletId?: string | null }) => {
    void navigate({
      to: MT_PACKING_PAGES.screen, params: { packingId: next.packingId ?? undefined, palletId: next.palletId ?? undefined },
      search: (next.orderNo ? { order: next.orderNo } : {}) as never,
    } as never);
  };
  let body: React.ReactNode;
  if (!mayPack) body = <MissingPermissionNote access={MT_SHIPPING_ACCESS.pack} />;
  else if (!packingId || !order) body = <OrderStep onOpen={(id, orderNo) => open({ packingId: id, orderNo })} />;
  else {
    body = (
      <PackingRun
        key={order} orderNo={order} palletId={palletId ?? null}
        onPallet={(next) => open({ packingId, orderNo: order, palletId: next })} onLeave={() => open({ packingId: null, orderNo: null })}
      />
    );
  }
  return (
    <Stack gap="sm" maw={720} mx="auto">
      <Title order={1} fz="h3"><Trans>MT Packing</Trans></Title>
      {body}
    </Stack>
  );
}

function OrderStep({ onOpen }: { onOpen(packingId: string, orderNo: string): void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const onScan = ({ value }: { value: string }): ScanVerdict | 'handled' => {
    const orderNo = value.trim();
    if (!orderNo) return { ok: false };
    void queryClient.fetchQuery(mtShippingQueries.packing(orderNo)).then((read) => {
      setError(null);
      onOpen(read.work.task.packing_id, orderNo);
    }).catch((e: unknown) => {
      cue('scan.refused');
      setError(isApiError(e) ? e.message : t`${orderNo} could not be opened: the network is gone and it was not opened on this device before.`);
    });
    return 'handled';
  };
  return (
    <Stack gap="xs">
      <ScanInput label={<Trans>Scan a checked MT order</Trans>} placeholder={t`Order No.`} onScan={onScan} testId="mtpack-order-scan" />
      {error && <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="mtpack-error">{error}</Alert>}
    </Stack>
  );
}

function PackingRun({ orderNo, palletId, onPallet, onLeave }: { orderNo: string; palletId: string | null; onPallet(id: string | null): void; onLeave(): void }) {
  const { t } = useLingui();
  const query = mtShippingQueries.packing(orderNo);
  const work = useQuery(query);
  const outbox = useOutboxStatus();
  const ops = useMemo(() => (work.data ? packingOpsOf(outbox.ops, work.data.work) : []), [outbox.ops, work.data]);
  useOpAnswers(ops, { refresh: null, rejected: () => t`Packing scan refused` });
  const answeredAt = useReadAfterOps(ops, work.data?.askedAt ?? null, query.queryKey);
  const view = useMemo(() => (work.data ? packingView(work.data, outbox.ops, answeredAt) : null), [work.data, outbox.ops, answeredAt]);
  if (work.isPending) return <Loader aria-label={t`Loading`} />;
  if (!view) {
    return (
      <Stack gap="sm">
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="mtpack-error">{isApiError(work.error) ? work.error.message : t`Cannot open ${orderNo}`}</Alert>
        <Button variant="light" onClick={onLeave}><Trans>Back</Trans></Button>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Text fw={800} ff="monospace" data-testid="mtpack-order">{view.orderNo}</Text>
          <Text size="sm"><Trans>To {view.destWhsId} · task {view.packingId}</Trans></Text>
        </div>
        <Button variant="subtle" size="compact-xs" onClick={onLeave} style={{ flexShrink: 0 }}><Trans>Other order</Trans></Button>
      </Group>
      <Badge variant="light" color={view.packed ? 'teal' : 'blue'} data-testid="mtpack-count">
        <Trans>{view.packedQty} of {view.totalQty} units boxed</Trans>
      </Badge>
      <BoxStep view={view} />
      <PalletStep view={view} palletId={palletId} onPallet={onPallet} />
      <PackingTables view={view} />
      <OpFeed
        title={<Trans>Scans on this device</Trans>} ops={[...ops].reverse()} testId="mtpack-op"
        describe={(op) => <Text span ff="monospace" inherit>{describeOp(op.kind, op.payload)}</Text>}
      />
    </Stack>
  );
}

/** An op in a few words for the feed: what and where (ids and SKUs, not translated). */
function describeOp(kind: string, p: Record<string, unknown>): string {
  if (kind === mtPackingOps.pack.kind) return `${String(p.qty)} × ${String(p.sku_id)} → ${String(p.box_id)}`;
  if (kind === mtPackingOps.palletize.kind) return `${String(p.box_id)} → ${String(p.pallet_id)}`;
  return `${kind.split('.').pop()} ${String(p.box_id ?? p.pallet_id ?? '')}`;
}

/**
 * Prints an MT box or pallet label at this device's station, on its label stock: what the
 * destination scans at arrival, printed when the box or pallet is closed (network or not).
 */
function usePrintMtLabel(view: PackingView) {
  const printer = usePrinter();
  return (label: Omit<MtLabel, 'orderNo' | 'destWhsId'>) => {
    const size = LABEL_SIZES[printer.setting.data?.label_size ?? '60x40'];
    void printer.print(mtLabelJob({ ...label, orderNo: view.orderNo, destWhsId: view.destWhsId }, size));
  };
}

function BoxStep({ view }: { view: PackingView }) {
  const { t, i18n } = useLingui();
  const queue = useQueueOp();
  const printLabel = usePrintMtLabel(view);
  const box = view.openBox;
  if (view.packed) {
    const onPallets = view.boxes.every((b) => b.palletId !== null) && view.pallets.every((p) => p.status === P.PACKED);
    const pallets = view.pallets.length;
    return (
      <Alert color="teal" data-testid="mtpack-packed">
        {onPallets
          ? <Trans>Every box is on a closed pallet ({pallets}): ready for MT Shipping by Pallet.</Trans>
          : <Trans>Every unit is in a closed box: put the boxes on pallets, or ship them by box.</Trans>}
      </Alert>
    );
  }
  if (!box) {
    const openBox = (boxId: string) => queue(mtPackingOps.openBox, { packing_id: view.packingId, box_id: boxId });
    const onScan = ({ value }: { value: string }): ScanVerdict | 'handled' => {
      const code = value.trim().toUpperCase();
      if (!code) return { ok: false };
      openBox(code);
      return 'handled';
    };
    return (
      <Stack gap="xs">
        <ScanInput label={<Trans>Scan a box label to open it</Trans>} placeholder={t`Box ID`} onScan={onScan} testId="mtpack-box-scan" />
        <Button leftSection={<IconBox size={18} aria-hidden />} variant="light" onClick={() => openBox(newMtId('MTB'))} data-testid="mtpack-new-box"><Trans>New box</Trans></Button>
      </Stack>
    );
  }
  const onScan = ({ value }: { value: string }): ScanVerdict | 'handled' => {
    const scan = packScan(view, value);
    if (scan.kind === 'refused') {
      const text = i18n._(scan.refusal);
      return { ok: false, say: text, message: text };
    }
    queue(mtPackingOps.pack, { box_id: box.boxId, sku_id: scan.skuId, qty: 1 });
    return 'handled';
  };
  return (
    <Stack gap="xs" data-testid="mtpack-open-box">
      <Text fw={700}><Trans>Box {box.boxId}: {box.qty} units</Trans></Text>
      <ScanInput label={<Trans>Scan a SKU into the box</Trans>} placeholder={t`SKU or barcode`} onScan={onScan} testId="mtpack-sku-scan" />
      <Button
        color="teal" disabled={box.qty === 0} data-testid="mtpack-close-box"
        onClick={() => queue(mtPackingOps.closeBox, { box_id: box.boxId }, () => printLabel({ kind: 'BOX', id: box.boxId, qty: box.qty }))}
      >
        <Trans>Close box</Trans>
      </Button>
    </Stack>
  );
}

function PalletStep({ view, palletId, onPallet }: { view: PackingView; palletId: string | null; onPallet(id: string | null): void }) {
  const { t, i18n } = useLingui();
  const queue = useQueueOp();
  const printLabel = usePrintMtLabel(view);
  const loose = view.boxes.filter((b) => b.status === P.PACKED && !b.palletId);
  const pallet = view.pallets.find((p) => p.palletId === palletId);
  if (!palletId) {
    if (loose.length === 0) return null;
    const onScan = ({ value }: { value: string }): ScanVerdict | 'handled' => {
      const code = value.trim().toUpperCase();
      if (!code) return { ok: false };
      onPallet(code);
      return 'handled';
    };
    return (
      <Stack gap="xs">
        <ScanInput label={<Trans>Scan a pallet label to load boxes onto it</Trans>} placeholder={t`Pallet ID`} onScan={onScan} testId="mtpack-pallet-scan" />
        <Button leftSection={<IconStack2 size={18} aria-hidden />} variant="light" onClick={() => onPallet(newMtId('PLT'))} data-testid="mtpack-new-pallet"><Trans>New pallet</Trans></Button>
      </Stack>
    );
  }
  const closed = pallet?.status === P.PACKED;
  const onScan = ({ value }: { value: string }): ScanVerdict | 'handled' => {
    const scan = palletScan(view, value);
    if ('refusal' in scan) {
      const text = i18n._(scan.refusal);
      return { ok: false, say: text, message: text };
    }
    queue(mtPackingOps.palletize, { pallet_id: palletId, box_id: scan.boxId });
    return 'handled';
  };
  return (
    <Stack gap="xs" data-testid="mtpack-pallet">
      <Text fw={700}><Trans>Pallet {palletId}: {pallet?.boxCount ?? 0} boxes</Trans></Text>
      {closed ? (
        <Alert color="teal">
          <Group justify="space-between" gap="xs">
            <Trans>Pallet {palletId} is closed.</Trans>
            <Button size="compact-sm" variant="light" leftSection={<IconPrinter size={16} aria-hidden />} data-testid="mtpack-pallet-reprint"
              onClick={() => printLabel({ kind: 'PALLET', id: palletId, qty: pallet.qty, boxCount: pallet.boxCount })}>
              <Trans>Print its label again</Trans>
            </Button>
          </Group>
        </Alert>
      ) : (
        <>
          <ScanInput label={<Trans>Scan a closed box onto the pallet</Trans>} placeholder={t`Box ID`} onScan={onScan} testId="mtpack-pallet-box-scan" />
          <Button color="teal" disabled={!pallet || pallet.boxCount === 0} onClick={() => queue(mtPackingOps.closePallet, { pallet_id: palletId }, () => printLabel({ kind: 'PALLET', id: palletId, qty: pallet!.qty, boxCount: pallet!.boxCount }))} data-testid="mtpack-close-pallet">
            <Trans>Close pallet</Trans>
          </Button>
        </>
      )}
      <Button variant="subtle" size="compact-sm" onClick={() => onPallet(null)} style={{ alignSelf: 'flex-start' }}><Trans>Other pallet</Trans></Button>
    </Stack>
  );
}
