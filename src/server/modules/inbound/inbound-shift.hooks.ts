import { and, eq, ne, sql } from 'drizzle-orm';
import { TIME_OF_DAY_PATTERN, fullTime } from '../../../shared/asn';
import { inboundShifts } from '../../db/schema';
import { badInput } from '../../http/errors';
import type { ApiRow, ResourceHooks } from '../../http/resource-handlers';

/**
 * Receiving shifts (shared/resources/inbound-shift.resource.ts): times are `HH:MM` of the
 * warehouse's day and a shift ends after it starts (on the same day); names are unique in the
 * warehouse, any case. Checked here so the database's own rules never answer with a 500.
 */
export const deliverySlotHooks: ResourceHooks = {
  async prepare(values: ApiRow, current: ApiRow | null, { db, session }) {
    const out = { ...values };
    for (const field of ['start_time', 'end_time'] as const) {
      const value = out[field];
      if (value === undefined) continue;
      if (typeof value !== 'string' || !TIME_OF_DAY_PATTERN.test(value)) throw badInput(field, 'a time of day written HH:MM (00:00–23:59)');
      out[field] = fullTime(value);
    }
    const start = String(out.start_time ?? current?.start_time ?? '');
    const end = String(out.end_time ?? current?.end_time ?? '');
    if (end <= start) throw badInput('end_time', 'must be after the start time (a shift ends on the day it starts)');
    if (typeof out.shift_name === 'string') {
      const [taken] = await db.select({ id: inboundShifts.shiftId }).from(inboundShifts).where(and(
        eq(inboundShifts.whsId, session.whsId),
        sql`lower(${inboundShifts.shiftName}) = lower(${out.shift_name})`,
        ...(current ? [ne(inboundShifts.shiftId, Number(current.shift_id))] : []),
      )).limit(1);
      if (taken) throw badInput('shift_name', `Shift ${out.shift_name} exists already.`);
    }
    return out;
  },
};
