import type { MessageDescriptor } from '@lingui/core';
import type { OutputOf } from '../../../shared/contract/define';
import type { contract } from '../../../shared/contract';
import { isTenDigitSeconds, oldSystemNotice } from '../../../shared/format';
import type { ResourceDef } from '../../../shared/resources/define';

/**
 * The old-system notice of spec §8 for a list, free of the DOM: shown when any 10-digit
 * timestamp on the page is earlier than the warehouse's switch to this system.
 */

type SwitchTimes = OutputOf<typeof contract.getWarehouseSwitchTime>['list'];
export type SwitchModule = SwitchTimes[number]['module'];

/**
 * The switch time a list compares with: its module's; for a list of no one module, the
 * earliest (only data older than every switch is surely in the old system). Null when unknown.
 */
export function switchTimeFor(list: SwitchTimes | undefined, module?: SwitchModule): number | null {
  const times = (list ?? []).filter((s) => !module || s.module === module).map((s) => s.switch_time).filter((t) => t > 0);
  return times.length === 0 ? null : Math.min(...times);
}

/** The fields of a resource shown in its list as timestamps (kind `time`: unix seconds). */
export function listTimeFields(def: ResourceDef): string[] {
  return Object.entries(def.fields).filter(([, f]) => f.kind === 'time' && !f.hideInList).map(([name]) => name);
}

/** The notice for the rows shown, from their earliest 10-digit timestamp; null when none predates the switch. */
export function listOldSystemNotice(
  rows: readonly Readonly<Record<string, unknown>>[],
  timeFields: readonly string[],
  switchTimeSeconds: number | null,
  formatDate: (millis: number) => string,
): MessageDescriptor | null {
  let earliest: number | null = null;
  for (const row of rows) {
    for (const field of timeFields) {
      const value = row[field];
      if ((typeof value === 'number' || typeof value === 'string') && isTenDigitSeconds(value)) {
        const seconds = Number(value);
        if (earliest === null || seconds < earliest) earliest = seconds;
      }
    }
  }
  return earliest === null ? null : oldSystemNotice(earliest, switchTimeSeconds, formatDate);
}
