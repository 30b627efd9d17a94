import { describe, expect, it } from 'vitest';
import { INBOUND_STATUS, INVENTORY_ADJUSTMENT_STATUS, OUTBOUND_ORDER_TYPE, RTS_STATUS, SALES_ORDER_STATUS } from './codes';
import {
  ADJUSTMENT_LIFECYCLE, ASN_LIFECYCLE, INBOUND_EXCEPTION_LIFECYCLE, OUTBOUND_DOC_LIFECYCLE, RTS_DOC_LIFECYCLE, RTS_ORDER_LIFECYCLE, SALES_ORDER_LIFECYCLE, TASK_LIFECYCLE,
  canMove, isFinal, orderLifecycle, transitionRefusal, type Lifecycle,
} from './lifecycles';
import type { CodeValue } from './codes';

/** Every status a lifecycle names, reached from its first along allowed moves. */
function reachable<V extends CodeValue>(life: Lifecycle<V>, start: V): Set<V> {
  const seen = new Set<V>([start]);
  const queue = [start];
  while (queue.length) for (const next of life.next[queue.shift()!] ?? []) if (!seen.has(next)) { seen.add(next); queue.push(next); }
  return seen;
}

describe('lifecycles (spec §4)', () => {
  const all: [string, Lifecycle<CodeValue>, CodeValue][] = [
    ['ASN', ASN_LIFECYCLE as Lifecycle<CodeValue>, INBOUND_STATUS.values.PENDING],
    ['adjustment', ADJUSTMENT_LIFECYCLE as Lifecycle<CodeValue>, INVENTORY_ADJUSTMENT_STATUS.values.CREATED],
    ['exception', INBOUND_EXCEPTION_LIFECYCLE as Lifecycle<CodeValue>, 10],
    ['task', TASK_LIFECYCLE as Lifecycle<CodeValue>, 0],
  ];

  it.each(all)('%s: every status is reachable from the first and every path can end', (_name, life, start) => {
    const statuses = Object.keys(life.next).map((k) => (typeof start === 'number' ? Number(k) : k));
    expect([...reachable(life, start)].sort()).toEqual([...statuses].sort());
    for (const status of statuses) {
      expect([...reachable(life, status)].some((s) => isFinal(life, s)), String(status)).toBe(true);
    }
  });

  it('the ASN moves in spec order, ends at done, and cannot be cancelled once counting started', () => {
    const S = INBOUND_STATUS.values;
    const path = [S.PENDING, S.ARRIVED, S.COUNTING, S.COUNTED, S.CHECKING, S.CHECKED, S.SCANNING, S.RECEIVED, S.PUTTING, S.DONE];
    for (let i = 1; i < path.length; i++) expect(canMove(ASN_LIFECYCLE, path[i - 1]!, path[i]!)).toBe(true);
    expect(canMove(ASN_LIFECYCLE, S.COUNTED, S.SCANNING)).toBe(true);
    // A return: judged from its arrival, and received short from checking.
    expect(canMove(ASN_LIFECYCLE, S.ARRIVED, S.CHECKING)).toBe(true);
    expect(canMove(ASN_LIFECYCLE, S.CHECKING, S.SCANNING)).toBe(true);
    expect(canMove(ASN_LIFECYCLE, S.COUNTING, S.CANCELLED)).toBe(false);
    expect(canMove(ASN_LIFECYCLE, S.DONE, S.PUTTING)).toBe(false);
    expect(canMove(ASN_LIFECYCLE, S.PENDING, S.RECEIVED)).toBe(false);
  });

  it('the ASN is rejected only from QC and fails only between counting and the first receipt', () => {
    const S = INBOUND_STATUS.values;
    const into = (to: number) => Object.keys(ASN_LIFECYCLE.next).map(Number).filter((from) => canMove(ASN_LIFECYCLE, from as 0, to as 0)).sort((a, b) => a - b);
    expect(into(S.REJECTED)).toEqual([S.CHECKING, S.CHECKED]);
    expect(into(S.FAILED)).toEqual([S.COUNTING, S.COUNTED, S.CHECKING, S.CHECKED].sort((a, b) => a - b));
    expect(into(S.CANCELLED)).toEqual([S.PENDING, S.ARRIVED, S.ARRIVING, S.IN_TRANSIT].sort((a, b) => a - b));
  });

  it('a refusal names both statuses and what is allowed', () => {
    const S = INBOUND_STATUS.values;
    expect(transitionRefusal(ASN_LIFECYCLE, 'ASN A1', S.DONE, S.CANCELLED)).toBe('ASN A1 is DONE: it cannot become CANCELLED (that status is final).');
    expect(transitionRefusal(ASN_LIFECYCLE, 'ASN A1', S.COUNTING, S.CANCELLED)).toBe('ASN A1 is COUNTING: it cannot become CANCELLED (from COUNTING it can become COUNTED, FAILED).');
  });
});

describe('RTS orders', () => {
  const S = SALES_ORDER_STATUS.values;
  const D = RTS_STATUS.values;

  it('an RTS order goes from picked straight to shipping and outbound; the sales lifecycle is unchanged', () => {
    const rts = orderLifecycle(OUTBOUND_ORDER_TYPE.values.RTS);
    expect(rts).toBe(RTS_ORDER_LIFECYCLE);
    expect(canMove(rts, S.PICKED, S.SHIPPING)).toBe(true);
    expect(canMove(rts, S.SHIPPING, S.OUTBOUND)).toBe(true);
    expect(canMove(rts, S.PICKED, S.CHECKING)).toBe(false);
    expect(canMove(rts, S.SHIPPING, S.CANCEL)).toBe(false);
    for (const type of [OUTBOUND_ORDER_TYPE.values.SALES, OUTBOUND_ORDER_TYPE.values.MT]) expect(orderLifecycle(type)).toBe(SALES_ORDER_LIFECYCLE);
    expect(canMove(SALES_ORDER_LIFECYCLE, S.PICKED, S.SHIPPING)).toBe(false);
  });

  it('an RTS document ships to done (or in transit when it comes back); released documents are never cancelled', () => {
    for (const [from, to] of [[D.OUTBOUNDING, D.SHIPPING], [D.SHIPPING, D.DONE], [D.SHIPPING, D.IN_TRANSIT], [D.IN_TRANSIT, D.INBOUNDING]] as const) {
      expect(canMove(RTS_DOC_LIFECYCLE, from, to)).toBe(true);
    }
    expect(canMove(RTS_DOC_LIFECYCLE, D.OUTBOUNDING, D.CANCEL)).toBe(false);
    expect(canMove(OUTBOUND_DOC_LIFECYCLE, D.SHIPPING, D.DONE)).toBe(false);
    expect(isFinal(RTS_DOC_LIFECYCLE, D.DONE)).toBe(true);
  });
});
