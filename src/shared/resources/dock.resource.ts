import { DOCK_STATUS, DOCK_TYPE, codeEnum } from '../codes';
import { defineResource } from './define';

/** Which trucks a dock serves: receiving, dispatch, or both. */
/** Available docks can be booked; occupied ones have a truck at the door; disabled ones are out of use. */

/** The warehouse's loading docks (spec §2 /wmsbasic/dockmanagement, + detail); filters are remembered. */
export const dockResource = defineResource({
  name: 'dock',
  table: 'docks',
  api: {
    list: { path: '/apps/basic/dock/search_dock' },
    detail: { path: '/apps/basic/dock/get_dock_detail' },
  },
  pages: { list: '/wmsbasic/dockmanagement', detail: '/wmsbasic/dockmanagement/detail' },
  key: 'dock_code',
  warehouseScoped: true,
  fields: {
    dock_code: {
      kind: 'text', label: /*i18n*/ 'Dock Code', required: true, immutable: true, max: 32, sortable: true,
      filter: { op: 'in', type: 'card' },
    },
    dock_name: { kind: 'text', label: /*i18n*/ 'Dock Name', required: true, max: 120, sortable: true, filter: { op: 'contains', type: 'input' } },
    dock_type: {
      kind: 'enum', label: /*i18n*/ 'Dock Type', required: true,
      ...codeEnum(DOCK_TYPE),
      filter: { op: 'eq', type: 'select' },
    },
    status: {
      kind: 'enum', label: /*i18n*/ 'Status', required: true, status: true,
      ...codeEnum(DOCK_STATUS),
      filter: { op: 'eq', type: 'select' },
    },
    // Free text until docks link to the storage area's zones.
    zone: { kind: 'text', label: /*i18n*/ 'Zone', max: 64, sortable: true, filter: { op: 'prefix', type: 'input' } },
    max_vehicles: { kind: 'int', label: /*i18n*/ 'Max Vehicles', min: 1, max: 20 },
    remark: { kind: 'text', label: /*i18n*/ 'Remark', max: 500, hideInList: true },
  },
  defaultSort: { field: 'dock_code', desc: false },
});
