import type { FieldDef, ResourceDef } from '../../../shared/resources/define';

/**
 * Column settings of a resource list, as kept in the list's paging header (spec §7): the
 * columns in the user's order, each shown or hidden. DOM-free so the rule is unit-tested.
 */
export interface ColumnSetting {
  field: string;
  visible: boolean;
}

/** What set_paging_header stores for a list (a free object on the server). */
export interface ColumnHeader {
  columns: ColumnSetting[];
}

/** The definition's own columns: every field in order, shown unless hidden in lists. */
export function defaultColumnSettings(def: ResourceDef): ColumnSetting[] {
  return Object.entries(def.fields).map(([field, f]) => ({ field, visible: !f.hideInList }));
}

/** The saved settings of a header object, or null when it holds none the app understands. */
export function parseColumnHeader(header: unknown): ColumnSetting[] | null {
  const columns = (header as { columns?: unknown } | null)?.columns;
  if (!Array.isArray(columns)) return null;
  const settings = columns.flatMap((c: unknown) => {
    const { field, visible } = (c ?? {}) as { field?: unknown; visible?: unknown };
    return typeof field === 'string' && typeof visible === 'boolean' ? [{ field, visible }] : [];
  });
  return settings.length > 0 ? settings : null;
}

/**
 * The column that always shows: the key (it opens the row), or — when the definition hides its
 * key in lists, a read model's composed key — its first listed field.
 */
export function anchorColumnOf(def: ResourceDef): string {
  if (!def.fields[def.key]?.hideInList) return def.key;
  return Object.entries(def.fields).find(([, f]) => !f.hideInList)?.[0] ?? def.key;
}

/**
 * Saved settings applied to the definition: saved columns first in their order (those the
 * definition no longer has are dropped, repeats counted once), then fields added since, in
 * definition order with their default visibility. The anchor column always shows, so a list
 * never ends up without columns.
 */
export function applyColumnSettings(def: ResourceDef, saved: readonly ColumnSetting[] | null): ColumnSetting[] {
  const defaults = defaultColumnSettings(def);
  const anchor = anchorColumnOf(def);
  const seen = new Set<string>();
  const ordered: ColumnSetting[] = [];
  for (const setting of [...(saved ?? []), ...defaults]) {
    if (seen.has(setting.field) || !(setting.field in def.fields)) continue;
    seen.add(setting.field);
    ordered.push({ field: setting.field, visible: setting.visible || setting.field === anchor });
  }
  return ordered;
}

/** The list's columns to draw: visible fields in the user's order. */
export function visibleColumnsOf(def: ResourceDef, saved: readonly ColumnSetting[] | null): [string, FieldDef][] {
  return applyColumnSettings(def, saved).filter((c) => c.visible).map((c) => [c.field, def.fields[c.field]!]);
}

/** Moves the column at `from` by `by` places (−1 up, +1 down), within bounds. */
export function moveColumn(settings: readonly ColumnSetting[], from: number, by: number): ColumnSetting[] {
  const to = Math.max(0, Math.min(settings.length - 1, from + by));
  const next = [...settings];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}
