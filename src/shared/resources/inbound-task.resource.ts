import { INBOUND_ORDER_TYPE, INBOUND_TASK_KIND, TASK_STATUS, codeEnum } from '../codes';
import type { VasKind } from '../vas';
import { type FieldDef, type RelatedRows, type ResourceApi, type ResourcePages, defineResource } from './define';


const T = TASK_STATUS.values;
/** The statuses an inbound task has. */
const INBOUND_TASK_STATUSES = [T.PENDING, T.ONGOING, T.DONE, T.FAILED, T.CANCEL, T.ASSIGNED] as const;
/**
 * The inbound task lists of spec §2 — QC (/inbound/qctask), receiving (/inbound/receivetask),
 * putaway (/inbound/putawaytask, putaway-task.resource.ts) and the VAS tasks under Reprocess Task
 * (/inbound/reprocesstask/labelling, …/bundling, …/repackaging) — are the rows of `inbound_tasks` of
 * one kind each (`fixed`), with the same fields. Read-only: the tasks are made and moved by
 * counting, QC, receiving, putaway, exception handling and the Reprocess screen
 * (server/modules/inbound/inbound-task.ts, vas.ts).
 */

const { QC, RECEIVING, PUTAWAY, LABELLING, BUNDLING, REPACKAGING } = INBOUND_TASK_KIND.values;
type ListedTaskKind = typeof QC | typeof RECEIVING | typeof PUTAWAY | VasKind;

/** What each kind calls its quantities: the units the task is for, and those done. */
const QTY_LABELS: Readonly<Record<ListedTaskKind, readonly [total: string, done: string]>> = {
  [QC]: [/*i18n*/ 'Sample Qty', /*i18n*/ 'Inspected Qty'],
  [RECEIVING]: [/*i18n*/ 'Qty to Receive', /*i18n*/ 'Received Qty'],
  [PUTAWAY]: [/*i18n*/ 'Total Qty', /*i18n*/ 'Put Qty'],
  [LABELLING]: [/*i18n*/ 'Total Qty', /*i18n*/ 'Labelled Qty'],
  [BUNDLING]: [/*i18n*/ 'Total Qty', /*i18n*/ 'Bundled Qty'],
  [REPACKAGING]: [/*i18n*/ 'Total Qty', /*i18n*/ 'Repackaged Qty'],
};

/** The fields of a task of the kind; `kindFields`, those only that kind has, stand after the status. */
function inboundTaskFields<const E extends Record<string, FieldDef>>(kind: ListedTaskKind, kindFields: E) {
  const [totalLabel, doneLabel] = QTY_LABELS[kind];
  return {
    task_no: { kind: 'text', label: /*i18n*/ 'Task No.', readOnly: true, max: 32, sortable: true, filter: { op: 'in', type: 'card' } },
    asn_no: { kind: 'text', label: /*i18n*/ 'ASN No.', readOnly: true, max: 32, sortable: true, filter: { op: 'eq', type: 'input' } },
    group_no: { kind: 'text', label: /*i18n*/ 'ASN Group No.', readOnly: true, max: 32, filter: { op: 'eq', type: 'input', hide: true } },
    // Split (11) belongs to picking tasks: an inbound task is never split.
    status: { kind: 'enum', label: /*i18n*/ 'Status', readOnly: true, status: true, ...codeEnum(TASK_STATUS), values: INBOUND_TASK_STATUSES, filter: { op: 'eq', type: 'select' } },
    ...kindFields,
    staging_location: { kind: 'text', label: /*i18n*/ 'Staging Location', readOnly: true, max: 32, filter: { op: 'eq', type: 'input' } },
    assignee_id: { kind: 'user', label: /*i18n*/ 'Assignee', readOnly: true, filter: { op: 'eq', type: 'select' } },
    total_qty: { kind: 'int', label: totalLabel, readOnly: true },
    done_qty: { kind: 'int', label: doneLabel, readOnly: true },
    created_at: { kind: 'time', label: /*i18n*/ 'Created At', readOnly: true, sortable: true, filter: { op: 'range', type: 'datetimeRange' } },
    started_at: { kind: 'time', label: /*i18n*/ 'Started At', readOnly: true, hideInList: true },
    finished_at: { kind: 'time', label: /*i18n*/ 'Finished At', readOnly: true },
  } as const satisfies Record<string, FieldDef>;
}

/** The list (and detail) of one kind of inbound task, newest first. */
export function inboundTaskResource<const N extends string, const A extends ResourceApi, const E extends Record<string, FieldDef> = Record<never, FieldDef>>(
  kind: ListedTaskKind, def: { name: N; api: A; pages: ResourcePages; ownScreens?: readonly (keyof ResourcePages)[]; related?: RelatedRows }, kindFields: E = {} as E,
) {
  return defineResource({
    ...def,
    table: 'inbound_tasks',
    fixed: { kind },
    key: 'task_no',
    warehouseScoped: true,
    fields: inboundTaskFields(kind, kindFields),
    defaultSort: { field: 'created_at', desc: true },
  });
}

/** QC tasks: one per ASN whose lines a QC rule asks to inspect, made when its group's counting completes. */
export const qcTaskResource = inboundTaskResource(QC, {
  name: 'qc_task',
  api: {
    list: { path: '/apps/process/inbound/qctask/search_qc_task' },
    detail: { path: '/apps/process/inbound/qctask/get_qc_task_detail' },
  },
  pages: { list: '/inbound/qctask', detail: '/inbound/qctask/detail/$id' },
});

/** Receiving tasks: one per ASN ready to receive (counted without QC, or checked). */
export const receiveTaskResource = inboundTaskResource(RECEIVING, {
  name: 'receive_task',
  api: {
    list: { path: '/apps/process/inbound/receivetask/search_receive_task' },
    detail: { path: '/apps/process/inbound/receivetask/get_receive_task_detail' },
  },
  pages: { list: '/inbound/receivetask', detail: '/inbound/receivetask/detail/$id' },
});

/** The tasks of Transfer Inbound ASNs: Move Transfer Inbound's task lists (docs/transfer.md). */
export const OF_TRANSFER_ASNS: RelatedRows = { table: 'asn_orders', on: { asn_no: 'asn_no' }, fixed: { inbound_type: INBOUND_ORDER_TYPE.values.TRANSFER_INBOUND } };

/** Move Transfer Inbound's QC tasks (spec §2 /moveinbound/qctask). */
export const mtQcTaskResource = inboundTaskResource(QC, {
  name: 'mt_qc_task',
  api: {
    list: { path: '/apps/process/inbound/qctask/search_mt_qc_task' },
    detail: { path: '/apps/process/inbound/qctask/get_mt_qc_task_detail' },
  },
  pages: { list: '/moveinbound/qctask', detail: '/moveinbound/qctask/detail' },
  related: OF_TRANSFER_ASNS,
});

/** Move Transfer Inbound's receiving tasks (spec §2 /moveinbound/receivetask). */
export const mtReceiveTaskResource = inboundTaskResource(RECEIVING, {
  name: 'mt_receive_task',
  api: {
    list: { path: '/apps/process/inbound/receivetask/search_mt_receive_task' },
    detail: { path: '/apps/process/inbound/receivetask/get_mt_receive_task_detail' },
  },
  pages: { list: '/moveinbound/receivetask', detail: '/moveinbound/receivetaskdetail' },
  related: OF_TRANSFER_ASNS,
});

/**
 * VAS tasks (shared/vas.ts), one list per kind, tabs of the Reprocess Task page: the exception a
 * handling decision made one for, and the staging location where its units wait.
 */
function vasTaskResource<const N extends string, const P extends string>(kind: VasKind, name: N, segment: P) {
  return inboundTaskResource(kind, {
    name,
    api: {
      list: { path: `/apps/process/inbound/reprocesstask/search_${name}` },
      detail: { path: `/apps/process/inbound/reprocesstask/get_${name}_detail` },
    },
    pages: { list: `/inbound/reprocesstask/${segment}`, detail: `/inbound/reprocesstask/${segment}/detail/$id` },
  }, {
    exception_no: { kind: 'text', label: /*i18n*/ 'Exception No.', readOnly: true, max: 32, filter: { op: 'eq', type: 'input', hide: true } },
  });
}

export const labellingTaskResource = vasTaskResource(LABELLING, 'labelling_task', 'labelling');
export const bundlingTaskResource = vasTaskResource(BUNDLING, 'bundling_task', 'bundling');
export const repackagingTaskResource = vasTaskResource(REPACKAGING, 'repackaging_task', 'repackaging');
