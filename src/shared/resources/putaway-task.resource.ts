import { INBOUND_TASK_KIND, PUTAWAY_MODE, codeEnum } from '../codes';
import { inboundTaskResource } from './inbound-task.resource';

/** The putaway task pages (spec §2 /inbound/putawaytask, its edit and detail): the detail and edit take `?task_no=`. */
export const PUTAWAY_TASK_PAGES = {
  list: '/inbound/putawaytask',
  detail: '/inbound/putawaytask/detail',
  edit: '/inbound/putawaytask/edit',
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
}, {
  putaway_mode: { kind: 'enum', label: /*i18n*/ 'Putaway Mode', readOnly: true, ...codeEnum(PUTAWAY_MODE), filter: { op: 'eq', type: 'select' } },
});
