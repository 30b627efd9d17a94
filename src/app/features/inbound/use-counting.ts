import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { INBOUND_STATUS } from '../../../shared/codes';
import { contract } from '../../../shared/contract';
import { MAX_COUNT_QTY, isCountQty } from '../../../shared/counting';
import { countingOps } from '../../../shared/ops/counting.ops';
import type { PayloadOf } from '../../../shared/ops/define';
import { RET } from '../../../shared/retcodes';
import { cue } from '../../kit/feedback';
import type { OutboxOp } from '../../kit/outbox';
import { useQueue } from '../../kit/outbox/use-queue';
import { useMayCall } from '../../kit/permitted';
import type { ScanVerdict } from '../../kit/scan/use-scan-input';
import { toast } from '../../kit/toast';
import type { CartonCorrection } from './counting-cartons';
import { askServer } from './counting-checks';
import { checkCount, localGroup, meaningOf, skuRows, type GroupDetail, type GroupLine } from './counting-view';
import { countingQueries } from './counting.queries';

type CountingOp = (typeof countingOps)[keyof typeof countingOps];

/**
 * The counting screen's workflow: the group as this device sees it, the carton and line on screen,
 * the open prompt, and every step — scan, count, correct a carton, register one, record a wrong
 * SKU, complete. Each change is an op of the outbox, checked first against the cached group detail
 * and, online, against what only the server knows (counting-checks.ts), and heard at once.
 */

/** What the server knows of a code the group's detail does not: a carton (of this group, registered by another device, or of another group) or a SKU of the warehouse. */
export interface CodeFacts {
  carton: { asn_no: string; group_no: string } | null;
  sku_id: string | null;
}

export type Prompt =
  /** `elsewhere`: the surplus comes from counts of other devices the detail did not hold yet (check_surplus). */
  | { kind: 'surplus'; line: GroupLine; qty: number; expected: number; counted: number; surplus: number; elsewhere: boolean }
  /** `facts`: the server's, once asked; 'asking' meanwhile, 'offline' when it could not be asked. */
  | { kind: 'unknown'; code: string; facts: CodeFacts | 'asking' | 'offline' }
  | { kind: 'complete' };

const CLOSED = new Set<number>([INBOUND_STATUS.values.CANCELLED, INBOUND_STATUS.values.REJECTED, INBOUND_STATUS.values.FAILED]);

/** What the server knows of a code the group's detail does not (a carton registered elsewhere, a SKU of the warehouse); 'offline' when it cannot be asked. */
async function codeFacts(groupNo: string, code: string): Promise<CodeFacts | 'offline'> {
  const [cartonAnswer, skuAnswer] = await Promise.all([
    askServer(contract.checkTrackingId, { group_no: groupNo, tracking_id: code }),
    askServer(contract.searchSkuScanning, { group_no: groupNo, code }),
  ]);
  if (!cartonAnswer && !skuAnswer) return 'offline';
  let known: CodeFacts['carton'] = null;
  if (cartonAnswer && 'data' in cartonAnswer && cartonAnswer.data.exists) known = { asn_no: cartonAnswer.data.asn_no ?? '-', group_no: groupNo };
  if (cartonAnswer && 'error' in cartonAnswer && cartonAnswer.error.retcode === RET.TRACKING_ID_ELSEWHERE) known = cartonAnswer.error.data as CodeFacts['carton'];
  return { carton: known, sku_id: skuAnswer && 'data' in skuAnswer ? skuAnswer.data.sku_id : null };
}

export function useCounting(detail: GroupDetail, ops: OutboxOp[]) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const queueOp = useQueue();
  const group = useMemo(() => localGroup(detail, ops), [detail, ops]);
  const [carton, setCarton] = useState<string | null>(null);
  const [cartonWarning, setCartonWarning] = useState<string | null>(null);
  const [line, setLine] = useState<GroupLine | null>(null);
  const [qty, setQty] = useState<number | string>(1);
  const [counting, setCounting] = useState(false);
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  const [wrongQty, setWrongQty] = useState<number | string>(1);
  const [cartonAsn, setCartonAsn] = useState<string | null>(null);
  // Counting's ops need the permission its POSTs need.
  const mayCount = useMayCall(contract.saveCountingRecord.access);
  const groupNo = detail.group_no;
  const openAsns = detail.asns.filter((a) => !CLOSED.has(a.status));
  const cartonOf = (trackingId: string | null) => group.cartons.find((c) => c.tracking_id === trackingId);
  // Ops of this group the server has not answered: while there are some, the server's figures lag behind this device's.
  const unsent = ops.filter((op) => op.state === 'pending' || op.state === 'sending').length;
  const refreshDetail = () => void queryClient.invalidateQueries({ queryKey: countingQueries.group(groupNo).queryKey });

  /** Queues an op; a payload the op kind refuses is said and shown, nothing is queued. */
  const queue = async <O extends CountingOp>(op: O, payload: Omit<PayloadOf<O>, 'group_no'>, say: string): Promise<boolean> => {
    if (!(await queueOp(op, { group_no: groupNo, ...payload } as PayloadOf<O>))) return false;
    cue('inbound.counting_saved', { say });
    return true;
  };

  /** Refused on the device before anything is queued: heard and shown. */
  const refuse = (message: string) => {
    cue('scan.refused');
    toast.error(message);
  };

  /** The surplus a count would make: by this device's view, else, when every count of this device is sent, by the server's (other devices may have counted meanwhile). */
  const surplusAhead = async (target: GroupLine, units: number) => {
    const local = checkCount(group, target.sku_id, units);
    if (local.surplus_qty > 0) return { ...local, elsewhere: false };
    if (unsent > 0) return null;
    const answer = await askServer(contract.checkSurplus, { group_no: groupNo, sku_id: target.sku_id, qty: units });
    return answer && 'data' in answer && answer.data.is_surplus ? { ...answer.data, elsewhere: true } : null;
  };

  /** Counts units of a line's SKU; a surplus is asked about first. */
  const count = async (target: GroupLine, units: number, confirmSurplus: boolean) => {
    if (!isCountQty(units)) return refuse(t`Count 1 to ${MAX_COUNT_QTY} units.`);
    if (counting) return;
    setCounting(true);
    try {
      const surplus = confirmSurplus ? null : await surplusAhead(target, units);
      if (surplus) {
        cue('inbound.counting_mismatch', { say: t`Surplus` });
        setPrompt({
          kind: 'surplus', line: target, qty: units, expected: surplus.expected_qty, counted: surplus.counted_qty, surplus: surplus.surplus_qty,
          elsewhere: surplus.elsewhere,
        });
        return;
      }
      const payload = { sku_id: target.sku_id, qty: units, ...(carton ? { tracking_id: carton } : {}), ...(confirmSurplus ? { confirm_surplus: true } : {}) };
      if (await queue(countingOps.save, payload, String(units))) {
        setLine(null);
        setPrompt(null);
      }
    } finally {
      setCounting(false);
    }
  };

  /** A carton scanned: counts go into it; online, its open exceptions (reported at arrival) are shown. */
  const pickCarton = (trackingId: string, queued: boolean) => {
    setCarton(trackingId);
    setCartonWarning(null);
    if (queued) return;
    void askServer(contract.checkExceptionTrackingId, { tracking_id: trackingId }).then((answer) => {
      if (!answer || !('data' in answer) || !answer.data.has_exception) return;
      const nos = answer.data.exceptions.map((e) => e.exception_no).join(', ') || '-';
      setCartonWarning(t`Carton ${trackingId} has open exceptions (${nos}): check it before counting what is in it.`);
    });
  };

  const clearCarton = () => {
    setCarton(null);
    setCartonWarning(null);
  };

  /** A code the group's detail does not know: asked of the server online, and told in the open prompt. */
  const askAboutCode = (code: string) => {
    void codeFacts(groupNo, code).then((facts) => setPrompt((p) => (p?.kind === 'unknown' && p.code === code ? { ...p, facts } : p)));
  };

  const onScan = ({ value }: { value: string }): ScanVerdict => {
    if (group.completing) return { ok: false, message: t`Counting of group ${groupNo} is complete: nothing more is counted.` };
    const meaning = meaningOf(group, value);
    if (meaning.kind === 'carton') {
      pickCarton(meaning.carton.tracking_id, meaning.carton.queued);
      return { ok: true, say: t`Carton` };
    }
    if (meaning.kind === 'sku') {
      setLine(meaning.line);
      setQty(1);
      return { ok: true, say: meaning.line.sku_name };
    }
    setWrongQty(1);
    setCartonAsn(openAsns.length === 1 ? openAsns[0]!.asn_no : null);
    setPrompt({ kind: 'unknown', code: meaning.code, facts: navigator.onLine ? 'asking' : 'offline' });
    if (navigator.onLine) askAboutCode(meaning.code);
    return { ok: false, node: 'inbound.counting_mismatch', say: t`Not in this group` };
  };

  /** A carton corrected (pieces, ASN) or removed: checked against this device's view, then queued after the counts before it. */
  const correct = async ({ tracking_id: trackingId, change }: CartonCorrection): Promise<boolean> => {
    const target = cartonOf(trackingId);
    if (!target) return false;
    const counted = target.counted_qty;
    if ((change === null || change.asn_no !== undefined) && counted > 0) {
      refuse(t`${counted} units are counted in carton ${trackingId}: it stays with ASN ${target.asn_no}.`);
      return false;
    }
    const queued = change === null
      ? await queue(countingOps.cartonDelete, { tracking_id: trackingId }, t`Carton removed`)
      : await queue(countingOps.cartonChange, { tracking_id: trackingId, ...change }, t`Carton corrected`);
    if (queued && change === null && carton === trackingId) setCarton(null);
    return queued;
  };

  /** The unknown code is a carton that arrived with the goods: registered to the chosen ASN, and counted into. */
  const registerCarton = async (code: string) => {
    if (await queue(countingOps.carton, { tracking_id: code, asn_no: cartonAsn }, t`Carton registered`)) {
      setCarton(code);
      setPrompt(null);
    }
  };

  /** The unknown code is a product the group does not expect. */
  const recordWrongSku = async (code: string) => {
    const units = Number(wrongQty);
    if (!isCountQty(units)) return;
    const payload = { code, qty: units, ...(carton ? { tracking_id: carton } : {}) };
    if (await queue(countingOps.wrongSku, payload, t`Wrong SKU recorded`)) setPrompt(null);
  };

  /** The unknown code is a carton of this group another device registered: count into it. */
  const countInto = (code: string) => {
    pickCarton(code, false);
    refreshDetail();
    setPrompt(null);
  };

  const complete = async () => {
    if (await queue(countingOps.complete, {}, t`Counting complete`)) setPrompt(null);
  };

  const rows = skuRows(group);
  return {
    group, rows, current: line ? rows.find((r) => r.sku_id === line.sku_id) : undefined,
    openAsns, unsent, mayCount, counting,
    carton, cartonAsnNo: cartonOf(carton)?.asn_no ?? '-', cartonWarning, line, qty, prompt, wrongQty, cartonAsn,
    setLine, setQty, setPrompt, setWrongQty, setCartonAsn,
    onScan, count, clearCarton, correct, registerCarton, recordWrongSku, countInto, complete,
    pickListedCarton: (trackingId: string) => pickCarton(trackingId, cartonOf(trackingId)?.queued ?? false),
  };
}

export type CountingFlow = ReturnType<typeof useCounting>;
