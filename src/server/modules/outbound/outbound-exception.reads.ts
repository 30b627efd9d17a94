import { sql } from 'drizzle-orm';
import { CHECKING_REFUSAL_REASON, CYCLE_COUNT_STATUS, OB_EXCEPTION_STATUS, OB_EXCEPTION_TYPE, PARCEL_STATUS, PICKING_TASK_KIND } from '../../../shared/codes';
import type { Db } from '../../db/client';
import type { RowsQuery } from '../../http/list-query';
import { settlingCountSql } from '../inventory/raised-counts';

const code = (value: number) => sql.raw(String(Math.trunc(value)));
const X = OB_EXCEPTION_TYPE.values;
const R = CHECKING_REFUSAL_REASON.values;
const CC = CYCLE_COUNT_STATUS.values;

/**
 * Every outbound exception of a warehouse as one troubleshoot task (docs/outbound.md "Outbound
 * exceptions"): short picks (outbound_exceptions), units refused at checking as not the order's
 * (checking_refusals: unknown item, not in the order, extra unit), damaged units reported
 * (outbound_damage_reports) and orders intercepted (reverse picking tasks from an order), each with
 * its decision when handled (outbound_exception_decisions) — or, for a short pick, the cycle count
 * that settles it (`settlingCountSql`: the count of its SKU open at its location when it happened). Its rows are where they happened; this
 * only reads them, so no step writes twice.
 */
export function troubleshootTasks(db: Db, whsId: string) {
  const exceptions = sql`
    select e.whs_id, e.exception_no as task_id, ${code(X.SHORT_PICK)}::smallint as type, e.order_no, e.sku_id, e.batch_id, e.qty, e.location_id,
      e.task_no as source_no, e.outcome as detail, e.created_at,
      (${settlingCountSql(sql`e.whs_id`, sql`e.location_id`, sql`e.sku_id`, sql`e.created_at`)}) as cc_order_no
    from outbound_exceptions e where e.whs_id = ${whsId}
    union all
    select r.whs_id, 'CR' || r.refusal_id, ${code(X.WRONG_ITEM)}::smallint, r.order_no, r.sku_id, null, 1, r.station_id, r.task_no,
      'Scanned ' || r.scanned, r.created_at, null
    from checking_refusals r where r.whs_id = ${whsId} and r.reason in (${code(R.UNKNOWN_ITEM)}, ${code(R.NOT_IN_ORDER)}, ${code(R.EXTRA_UNIT)})
    union all
    select d.whs_id, d.report_no, ${code(X.DAMAGED)}::smallint, d.order_no, d.sku_id, d.batch_id, d.qty, d.location_id, null, d.note, d.created_at, null
    from outbound_damage_reports d where d.whs_id = ${whsId}
    union all
    select t.whs_id, t.task_no, ${code(X.INTERCEPT)}::smallint, t.order_no, null, null, t.total_qty, t.source_location, t.task_no,
      (select 'Parcels ' || string_agg(p.tracking_no, ', ' order by p.tracking_no) from parcels p
        where p.whs_id = t.whs_id and p.order_no = t.order_no and p.status = ${code(PARCEL_STATUS.values.INTERCEPTED)}),
      t.created_at, null
    from picking_tasks t where t.whs_id = ${whsId} and t.kind = ${code(PICKING_TASK_KIND.values.REVERSE_PICKING)} and t.source_location is not null`;
  const col = <T>(name: string) => sql<T>`x.${sql.identifier(name)}`.as(name);
  // A time read through raw SQL comes back as the driver gives it: a Date, as a column's would.
  const asDate = (value: unknown) => (value === null ? null : new Date(value as string));
  // A short pick its cycle count settles is handled when the count ends (done or cancelled): the count released its units.
  const countEnded = sql`cc.status in (${code(CC.DONE)}, ${code(CC.CANCEL)})`;
  return db.select({
    whs_id: col<string>('whs_id'), task_id: col<string>('task_id'), type: col<number>('type'),
    status: sql<number>`case when d.task_id is null and not coalesce(${countEnded}, false) then ${code(OB_EXCEPTION_STATUS.values.PENDING)}
      else ${code(OB_EXCEPTION_STATUS.values.HANDLED)} end`.as('status'),
    order_no: col<string | null>('order_no'), sku_id: col<string | null>('sku_id'), batch_id: col<string | null>('batch_id'), qty: col<number>('qty'),
    location_id: col<string | null>('location_id'), source_no: col<string | null>('source_no'), detail: col<string | null>('detail'),
    created_at: sql<Date>`x.created_at`.mapWith(asDate).as('created_at'),
    cc_order_no: col<string | null>('cc_order_no'),
    decision: sql<number | null>`d.decision`.as('decision'), note: sql<string | null>`d.note`.as('note'),
    outcome: sql<string | null>`coalesce(d.outcome, case when cc.status = ${code(CC.DONE)} then 'Counted by cycle count ' || cc.order_no || ': its difference (if any) adjusted, the units released.'
      when cc.status = ${code(CC.CANCEL)} then 'Cycle count ' || cc.order_no || ' cancelled: the units released uncounted.' end)`.as('outcome'),
    decided_by: sql<string | null>`u.email`.as('decided_by'),
    decided_at: sql<Date | null>`coalesce(d.decided_at, case when ${countEnded} then cc.finished_at end)`.mapWith(asDate).as('decided_at'),
  }).from(sql`(${exceptions}) x
    left join outbound_exception_decisions d on d.whs_id = x.whs_id and d.task_id = x.task_id
    left join users u on u.user_id = d.decided_by
    left join cc_orders cc on cc.whs_id = x.whs_id and cc.order_no = x.cc_order_no`);
}

const troubleshootTaskRows: RowsQuery = {
  rows({ db, whsId }) {
    if (whsId === null) throw new Error('the outbound troubleshoot list needs the session\'s warehouse');
    return troubleshootTasks(db, whsId).as('ob_troubleshoot_tasks');
  },
  indexedBy: {},
  unindexed: {
    fields: ['task_id', 'created_at'],
    reason: 'the list is a union of four sources read for one warehouse; exceptions are tens a day, and each source is read by its warehouse key',
  },
};

/** The outbound exception read models by name. */
export const OUTBOUND_EXCEPTION_READS: Readonly<Record<string, RowsQuery>> = { ob_troubleshoot_tasks: troubleshootTaskRows };
