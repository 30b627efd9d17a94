import { Badge } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { EMPTY_PLACEHOLDER } from '../../../shared/constants';
import type { FieldDef } from '../../../shared/resources/define';
import { statusTagColor } from '../../../shared/status-tags';
import { displayValue } from './resource-fields';

/** Mantine colours of spec §4's status tag colours. */
const TAG_COLOR = { default: 'gray', info: 'blue', success: 'teal', danger: 'red', warning: 'orange', primary: 'violet' } as const;

/** A field's value in a table cell or a detail: text, or a status tag coloured by spec §4. */
export function FieldValue({ field, value }: { field: FieldDef; value: unknown }) {
  const { i18n } = useLingui();
  const text = displayValue(field, value, i18n);
  if (!field.status || text === EMPTY_PLACEHOLDER) return <>{text}</>;
  // The colour follows the English status name, whatever the UI language.
  const english = field.valueLabels?.[value as string | number] ?? String(value);
  return <Badge variant="light" color={TAG_COLOR[statusTagColor(english)]}>{text}</Badge>;
}
