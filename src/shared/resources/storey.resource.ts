import { storageAreaPerm } from '../routes/derive';
import { defineResource } from './define';

const STOREY = '/apps/basic/storey';

/** Most storeys a building of the warehouse may have (levels 1…this). */
export const MAX_STOREY_NO = 99;

/**
 * Storeys of a warehouse (spec §2 Storage Area Setting › Storey, §7 storey calls): the floors cells
 * are on. Named by the warehouse when its storey_name_setup setting is on.
 */
export const storeyResource = defineResource({
  name: 'storey',
  table: 'storeys',
  // The Storey tab changes storeys in dialogs: its actions have permissions of their own (shared/permissions.ts).
  api: {
    list: { path: `${STOREY}/search_storey`, perm: storageAreaPerm('storey') },
    detail: { path: `${STOREY}/get_storey_detail`, perm: storageAreaPerm('storey') },
    create: { path: `${STOREY}/create_storey`, perm: storageAreaPerm('storey', 'Create') },
    update: { path: `${STOREY}/update_storey`, perm: storageAreaPerm('storey', 'Edit') },
    delete: { path: `${STOREY}/delete_storey`, perm: storageAreaPerm('storey', 'Delete') },
  },
  pages: { list: '/wmsbasic/storey' },
  ownScreens: ['list'],
  key: 'storey_id',
  warehouseScoped: true,
  fields: {
    storey_id: { kind: 'int', label: /*i18n*/ 'Storey ID', readOnly: true, sortable: true },
    storey_no: { kind: 'int', label: /*i18n*/ 'Storey No.', required: true, min: 1, max: MAX_STOREY_NO, sortable: true, filter: { op: 'eq', type: 'number' } },
    storey_name: { kind: 'text', label: /*i18n*/ 'Storey Name', required: true, max: 60, filter: { op: 'contains', type: 'input' } },
    remark: { kind: 'text', label: /*i18n*/ 'Remark', max: 500 },
  },
  defaultSort: { field: 'storey_no', desc: false },
});
