import { PICKING_TYPE, TASK_STATUS, YES_NO, codeEnum } from '../codes';
import { WAVE_PAGES } from '../contract/wave.contract';
import { defineResource, type FieldDef } from './define';

/**
 * Waves (spec §2 /salesoutbound/waveList, waveLog): the rows of `waves`. Wave List is every wave,
 * newest first, to follow the floor's work; Wave Log is the history: the waves that ended (done or
 * cancelled). Each row opens the wave's detail (orders, detached ones with their reason, tasks);
 * both lists are screens of their own only to link a row there, the detail's path carrying two values.
 */

const T = TASK_STATUS.values;
/** The statuses a wave ends in: the wave log's rows. */
export const ENDED_WAVE_STATUSES = [T.DONE, T.CANCEL] as const;
/** The statuses a wave has (TASK_STATUS numbers: pending, ongoing, done, cancel). */
const WAVE_STATUSES = [T.PENDING, T.ONGOING, T.DONE, T.CANCEL] as const;

const waveFields = {
  wave_no: { kind: 'text', label: /*i18n*/ 'Wave No.', readOnly: true, max: 32, sortable: true, filter: { op: 'in', type: 'card' } },
  is_manual: { kind: 'bool', label: /*i18n*/ 'Manual Wave', readOnly: true, ...codeEnum(YES_NO), filter: { op: 'eq', type: 'select' } },
  is_flow: { kind: 'bool', label: /*i18n*/ 'Flow Pick', readOnly: true, ...codeEnum(YES_NO), filter: { op: 'eq', type: 'select' } },
  status: {
    kind: 'enum', label: /*i18n*/ 'Status', readOnly: true, status: true, ...codeEnum(TASK_STATUS), values: WAVE_STATUSES, filter: { op: 'eq', type: 'select' },
  },
  picking_type: { kind: 'enum', label: /*i18n*/ 'Picking Type', readOnly: true, ...codeEnum(PICKING_TYPE), filter: { op: 'eq', type: 'select' } },
  order_count: { kind: 'int', label: /*i18n*/ 'Orders', readOnly: true },
  unit_count: { kind: 'int', label: /*i18n*/ 'Units', readOnly: true },
  detached_count: { kind: 'int', label: /*i18n*/ 'Detached Orders', readOnly: true },
  created_at: { kind: 'time', label: /*i18n*/ 'Created At', readOnly: true, sortable: true, filter: { op: 'range', type: 'datetimeRange' } },
  finished_at: { kind: 'time', label: /*i18n*/ 'Finished At', readOnly: true },
} as const satisfies Record<string, FieldDef>;

const waveList = { key: 'wave_no', warehouseScoped: true, table: 'waves', fields: waveFields, defaultSort: { field: 'created_at', desc: true } } as const;

/** Wave List: every wave of the warehouse. */
export const waveResource = defineResource({
  ...waveList,
  name: 'wave',
  api: { list: { path: '/apps/process/outbound/wave/search_wave' } },
  pages: { list: WAVE_PAGES.list },
  ownScreens: ['list'],
});

/**
 * Wave Log: the waves that ended. Every wave's detail page (WAVE_PAGES.logDetail) is a screen of
 * its own, not a page of this definition: its path carries two values, a resource page one.
 */
export const waveLogResource = defineResource({
  ...waveList,
  name: 'wave_log',
  fixed: { status: ENDED_WAVE_STATUSES },
  api: { list: { path: '/apps/process/outbound/wave/search_wave_log' } },
  pages: { list: WAVE_PAGES.log },
  ownScreens: ['list'],
});

/** The link to a wave's detail page (the path carries whether it was a manual wave, as the spec's route does). */
export const waveDetailLink = (waveNo: string, isManual: boolean | number): string =>
  WAVE_PAGES.logDetail.replace('$wave_sn', encodeURIComponent(waveNo)).replace('{$is_manual_wave}', isManual ? '1' : '0');
