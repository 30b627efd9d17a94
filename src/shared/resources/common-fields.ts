import { ACTIVE_STATUS, codeEnum } from '../codes';
import { COUNTRIES } from '../constants';

/** Fields several WMS Basic resources share (suppliers, merchants, shops, shop groups): declared once. */

/** One of the nine countries (spec §1), filterable. */
export const countryField = { kind: 'enum', label: /*i18n*/ 'Country', values: COUNTRIES, filter: { op: 'eq', type: 'select' } } as const;

/** Active 1 / inactive 2 as a status tag, filterable. */
export const activeStatusField = {
  kind: 'enum', label: /*i18n*/ 'Status', required: true, status: true, ...codeEnum(ACTIVE_STATUS), filter: { op: 'eq', type: 'select' },
} as const;
