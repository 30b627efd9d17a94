import { isValidElement, type ReactNode } from 'react';
import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { codeEnum, type CodeList } from '../../shared/codes';
import { EMPTY_PLACEHOLDER } from '../../shared/constants';
import type { FieldDef } from '../../shared/resources/define';

/**
 * The pieces every record's detail page is made of (an ASN, a sales order, a wave, a task): its
 * facts in a grid, titled sections, and the placeholder of an empty value or an empty section.
 */

/** A code list as a read-only enum field, to show its codes as FieldValue does (a status tag when `status`). */
export const codeField = (list: CodeList, label: string, status = false): FieldDef => ({ kind: 'enum', label, readOnly: true, status, ...codeEnum(list) });

/** A value as shown, or the placeholder when there is none. */
export const orPlaceholder = (value: string | number | null | undefined): string =>
  (value === null || value === undefined || value === '' ? EMPTY_PLACEHOLDER : String(value));

/** A fact's label: a field of a resource (its label is translated here) or any text. */
type FactLabel = { label: string } | ReactNode;
/** One fact: its label and value; `false` or `null` leaves out a fact that does not apply. */
export type Fact = readonly [label: FactLabel, value: ReactNode];

const isField = (label: FactLabel): label is { label: string } =>
  typeof label === 'object' && label !== null && !isValidElement(label) && typeof (label as { label?: unknown }).label === 'string';

/** A record's facts: label above value, in a grid. */
export function Facts({ facts, testId }: { facts: readonly (Fact | false | null)[]; testId?: string }) {
  const { i18n } = useLingui();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" data-testid={testId}>
      {facts.filter((fact): fact is Fact => Boolean(fact)).map(([label, value], i) => (
        <div key={i}>
          <Text size="xs" c="dimmed">{isField(label) ? i18n._(label.label) : label}</Text>
          <Text size="sm" fw={500} component="div" style={{ wordBreak: 'break-word' }}>{value}</Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** A record's facts in a card of their own: the head of its detail page. */
export function FactsCard(props: Parameters<typeof Facts>[0]) {
  return (
    <Paper withBorder radius="md" p="md">
      <Facts {...props} />
    </Paper>
  );
}

/** A titled part of a record's page (its lines, tasks, log). */
export function Section({ title, children, testId }: { title: ReactNode; children: ReactNode; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Title order={2} fz="h4" mb="sm">{title}</Title>
      {children}
    </Paper>
  );
}

export const NoData = () => <Text c="dimmed" size="sm"><Trans>No data</Trans></Text>;
