import type { ExportColumn } from '../../../shared/contract/export-task.contract';
import type { FieldDef } from '../../../shared/resources/define';
import { userText } from '../../../shared/format';
import type { Cell } from '../../common/sheets/sheet';

/**
 * Unix seconds as `YYYY-MM-DD HH:mm:ss` in the warehouse's time zone: the text the list shows
 * (the app's formatUnixSeconds in kit/resource/resource-fields.ts), the same in every language.
 */
function warehouseTime(seconds: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(new Date(seconds * 1000));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

/** What a file's cells may depend on beyond the field: the warehouse's time zone and its members' names (by user id). */
export interface CellContext {
  timeZone: string;
  userNames: ReadonlyMap<number, string>;
}

/**
 * A value of the list's answer as the file shows it: the label of an enum or yes/no value, times
 * as text, users by name (as the list shows them), numbers as numbers.
 */
export function cellOf(field: FieldDef, column: ExportColumn, value: unknown, { timeZone, userNames }: CellContext): Cell {
  if (value === null || value === undefined) return null;
  const label = column.values?.[String(value)] ?? field.valueLabels?.[String(value)];
  if (label !== undefined) return label;
  if (field.kind === 'time' && typeof value === 'number') return warehouseTime(value, timeZone);
  if (field.kind === 'user' && typeof value === 'number') return userText(userNames, value);
  if (typeof value === 'number') return value;
  return String(value);
}
