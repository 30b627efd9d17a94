import { defineResource } from './define';

/** Which trucks a dock serves: receiving, dispatch, or both. */
export const DOCK_TYPE = { INBOUND: 1, OUTBOUND: 2, BOTH: 3 } as const;
/** Available docks can be booked; occupied ones have a truck at the door; disabled ones are out of use. */
export const DOCK_STATUS = { AVAILABLE: 1, OCCUPIED: 2, DISABLED: 3 } as const;

/** The warehouse's loading docks (spec §2 /wmsbasic/dockmanagement, + detail); filters are remembered. */
export const dockResource = defineResource({
  name: 'dock',
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
      values: [DOCK_TYPE.INBOUND, DOCK_TYPE.OUTBOUND, DOCK_TYPE.BOTH],
      valueLabels: { [DOCK_TYPE.INBOUND]: /*i18n*/ 'Inbound', [DOCK_TYPE.OUTBOUND]: /*i18n*/ 'Outbound', [DOCK_TYPE.BOTH]: /*i18n*/ 'Inbound & Outbound' },
      filter: { op: 'eq', type: 'select' },
    },
    status: {
      kind: 'enum', label: /*i18n*/ 'Status', required: true, status: true,
      values: [DOCK_STATUS.AVAILABLE, DOCK_STATUS.OCCUPIED, DOCK_STATUS.DISABLED],
      valueLabels: { [DOCK_STATUS.AVAILABLE]: /*i18n*/ 'Available', [DOCK_STATUS.OCCUPIED]: /*i18n*/ 'Occupied', [DOCK_STATUS.DISABLED]: /*i18n*/ 'Disabled' },
      filter: { op: 'eq', type: 'select' },
    },
    // Free text until docks link to the storage area's zones.
    zone: { kind: 'text', label: /*i18n*/ 'Zone', max: 64, sortable: true, filter: { op: 'prefix', type: 'input' } },
    max_vehicles: { kind: 'int', label: /*i18n*/ 'Max Vehicles', min: 1, max: 20 },
    remark: { kind: 'text', label: /*i18n*/ 'Remark', max: 500, hideInList: true },
  },
  defaultSort: { field: 'dock_code', desc: false },
});
