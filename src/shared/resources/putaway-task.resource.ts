import { INBOUND_TASK_KIND, PUTAWAY_MODE, codeEnum } from '../codes';
import { OF_TRANSFER_ASNS, inboundTaskResource } from './inbound-task.resource';

/** The putaway task pages (spec §2 /inbound/putawaytask, its edit and detail): the detail and edit take `?task_no=`. */
export const PUTAWAY_TASK_PAGES = {
  list: '/inbound/putawaytask',
  detail: '/inbound/putawaytask/detail',
  edit: '/inbound/putawaytask/edit',
} as const;

/** Move Transfer Inbound's putaway task pages (spec §2 /moveinbound/putawaytask): the same screens over Transfer Inbound ASNs' tasks. */
export const MT_PUTAWAY_TASK_PAGES = {
  list: '/moveinbound/putawaytask',
  detail: '/moveinbound/putawaytask/detail',
  edit: '/moveinbound/putawaytask/edit',
} as const;

/** The putaway task pages a screen mounted at `pathname` links to: Move Transfer Inbound's under /moveinbound, else the inbound ones. */
export const putawayTaskPagesAt = (pathname: string) => (pathname.startsWith('/moveinbound/') ? MT_PUTAWAY_TASK_PAGES : PUTAWAY_TASK_PAGES);

/** What a putaway task has beyond every inbound task. */
const PUTAWAY_FIELDS = {
  putaway_mode: { kind: 'enum', label: /*i18n*/ 'Putaway Mode', readOnly: true, ...codeEnum(PUTAWAY_MODE), filter: { op: 'eq', type: 'select' } },
} as const;

/**
 * Putaway tasks (the putaway rows of `inbound_tasks`, kind 4): the list is derived from this
 * definition; the detail (with its lines, suggested vs put) and the edit (assignee, mode, cancel)
 * are screens of their own over putaway.contract.ts, because they are more than the row's fields.
 */
export const putawayTaskResource = inboundTaskResource(INBOUND_TASK_KIND.values.PUTAWAY, {
  name: 'putaway_task',
  api: { list: { path: '/apps/process/inbound/putawaytask/search_putaway_task' } },
  pages: PUTAWAY_TASK_PAGES,
  ownScreens: ['detail', 'edit'],
}, PUTAWAY_FIELDS);

/** Move Transfer Inbound's putaway tasks: those of Transfer Inbound ASNs (docs/transfer.md). */
export const mtPutawayTaskResource = inboundTaskResource(INBOUND_TASK_KIND.values.PUTAWAY, {
  name: 'mt_putaway_task',
  api: { list: { path: '/apps/process/inbound/putawaytask/search_mt_putaway_task' } },
  pages: MT_PUTAWAY_TASK_PAGES,
  ownScreens: ['detail', 'edit'],
  related: OF_TRANSFER_ASNS,
}, PUTAWAY_FIELDS);
