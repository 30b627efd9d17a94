import { Badge, ColorSwatch, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { EMPTY_PLACEHOLDER } from '../../../shared/constants';
import type { FieldDef } from '../../../shared/resources/define';
import { statusTagColor } from '../../../shared/status-tags';
import { timeRegionOrDefault } from '../../../shared/warehouse';
import { sessionQueries } from '../queries';
import { displayValue } from './resource-fields';

/** Mantine colours of spec §4's status tag colours. */
const TAG_COLOR = { default: 'gray', info: 'blue', success: 'teal', danger: 'red', warning: 'orange', primary: 'violet' } as const;

/** Badge labels shrink to an ellipsis by default (an overflow-hidden flex item); status tags keep their whole text. */
const TAG_STYLES = { root: { maxWidth: 'none', flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } } as const;

/** The warehouse's time zone (spec §3 time_region; Asia/Shanghai when unknown, §8): times show in it. */
export function useWarehouseTimeZone(): string {
  const { data } = useQuery({ ...sessionQueries.warehouseDetail(), select: (w) => w?.time_region });
  return timeRegionOrDefault(data);
}

/** The names of the warehouse's members by user id (read only where a `user` field shows: `enabled`). */
export function useUserNames(enabled = true): ReadonlyMap<number, string> | undefined {
  return useQuery({ ...sessionQueries.userNames(), enabled }).data;
}

function TimeValue({ field, value }: { field: FieldDef; value: unknown }) {
  const { i18n } = useLingui();
  return <>{displayValue(field, value, i18n, { timeZone: useWarehouseTimeZone() })}</>;
}

function UserValue({ field, value }: { field: FieldDef; value: unknown }) {
  const { i18n } = useLingui();
  return <>{displayValue(field, value, i18n, { userNames: useUserNames() })}</>;
}

/** The swatch of a colour value (FieldDef.swatches), outlined so light colours show on white; its name is always beside it. */
export const ValueSwatch = ({ hex }: { hex: string }) => <ColorSwatch color={hex} size={16} withShadow={false} style={{ flexShrink: 0, boxShadow: 'inset 0 0 0 1px rgba(0, 0, 0, 0.25)' }} aria-hidden />;

/**
 * A select's options with their colour's swatch beside the name (never the colour alone): the
 * Select/MultiSelect `renderOption` for options whose colour `hexOf` knows.
 */
export const swatchOption = (hexOf: (value: string) => string | undefined) => function SwatchOption({ option }: { option: { value: string; label: string } }) {
  const hex = hexOf(option.value);
  return <Group gap={8} wrap="nowrap">{hex && <ValueSwatch hex={hex} />}<span>{option.label}</span></Group>;
};

/** A field's value in a table cell or a detail: text, a time in the warehouse's zone, a user's name, a status tag coloured by spec §4, or a colour's swatch and name. */
export function FieldValue({ field, value }: { field: FieldDef; value: unknown }) {
  const { i18n } = useLingui();
  if (field.kind === 'time') return <TimeValue field={field} value={value} />;
  if (field.kind === 'user') return <UserValue field={field} value={value} />;
  const text = displayValue(field, value, i18n);
  const swatch = field.swatches?.[String(value)];
  if (swatch) {
    return <Group component="span" gap={6} wrap="nowrap" display="inline-flex"><ValueSwatch hex={swatch} /><span>{text}</span></Group>;
  }
  if (!field.status || text === EMPTY_PLACEHOLDER) return <>{text}</>;
  // The colour follows the English status name, whatever the UI language.
  const english = field.valueLabels?.[value as string | number] ?? String(value);
  // A tag is never cut to an ellipsis: a narrow column grows to fit it instead.
  return (
    <Badge variant="light" color={TAG_COLOR[statusTagColor(english)]} styles={TAG_STYLES}>
      {text}
    </Badge>
  );
}
