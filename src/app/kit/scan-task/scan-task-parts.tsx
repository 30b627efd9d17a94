import type { ReactNode } from 'react';
import { Alert, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { ScanInput } from '../scan/scan-input';
import type { ScanVerdict } from '../scan/use-scan-input';

/**
 * The parts every scan task screen (QC, Reprocess, receiving, counting) is built from, PDA-sized:
 * scan the task → its header → the scanned line's step → its lines. The screen's workflow hook
 * holds the state; these only render it.
 */

/** A scan task screen's column. */
export function ScanTaskPage({ gap = 'sm', children }: { gap?: 'sm' | 'md'; children: ReactNode }) {
  return <Stack gap={gap} maw={720} mx="auto">{children}</Stack>;
}

/** Step one: scan the task (or what names it) and open it; `children` below (hints, lists to pick from). */
export function TaskScanStep({ title, label, placeholder, testId, onOpen, children }: {
  title: ReactNode; label: ReactNode; placeholder: string; testId: string; onOpen(code: string): void; children?: ReactNode;
}) {
  const onScan = ({ value }: { value: string }): ScanVerdict => {
    onOpen(value.trim());
    return { ok: true };
  };
  return (
    <ScanTaskPage gap="md">
      <Title order={1} fz="h3">{title}</Title>
      <ScanInput label={label} placeholder={placeholder} onScan={onScan} testId={testId} />
      {children}
    </ScanTaskPage>
  );
}

/** The task being worked on: its number and tags, details below, and the way back to the scan step. */
export function TaskHeader({ title, number, numberTestId, tags, details, leave, onLeave }: {
  title: ReactNode; number: string; numberTestId: string; tags?: ReactNode; details?: ReactNode; leave: ReactNode; onLeave(): void;
}) {
  return (
    <Group justify="space-between" align="flex-start">
      <div>
        <Title order={1} fz="h3">{title}</Title>
        <Group gap="xs">
          <Text fw={700} ff="monospace" data-testid={numberTestId}>{number}</Text>
          {tags}
        </Group>
        {details}
      </div>
      <Button variant="subtle" size="compact-sm" onClick={onLeave}>{leave}</Button>
    </Group>
  );
}

/** The task could not be read: why (`children`), and the way back to the scan step. */
export function TaskNotFound({ title, problem, children, leave, onLeave }: {
  title: ReactNode; problem: string; children: ReactNode; leave: ReactNode; onLeave(): void;
}) {
  return (
    <ScanTaskPage gap="md">
      <Title order={1} fz="h3">{title}</Title>
      <Alert color="red" title={problem}>{children}</Alert>
      <Button variant="light" onClick={onLeave}>{leave}</Button>
    </ScanTaskPage>
  );
}

/** The line a scan picked: its SKU and progress, the step's fields (`children`), confirm and cancel. */
export function LineStep({ testId, skuId, skuName, progress, children, confirm, onCancel }: {
  testId: string;
  skuId: string;
  skuName: string;
  progress: ReactNode;
  children: ReactNode;
  confirm: { label: ReactNode; testId: string; onClick(): void; loading: boolean; disabled?: boolean };
  onCancel(): void;
}) {
  return (
    <Card withBorder radius="md" padding="sm" data-testid={testId}>
      <Stack gap="xs">
        <div>
          <Text fw={700} ff="monospace">{skuId}</Text>
          <Text size="sm">{skuName}</Text>
          <Text size="xs" c="dimmed">{progress}</Text>
        </div>
        {children}
        <Group grow>
          <Button onClick={confirm.onClick} loading={confirm.loading} disabled={confirm.disabled} data-testid={confirm.testId}>{confirm.label}</Button>
          <Button variant="default" onClick={onCancel}><Trans>Cancel</Trans></Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The task's lines: `head` is the row of column headers after SKU, `children` the rows. */
export function LinesTable({ label, head, children }: { label: string; head: ReactNode; children: ReactNode }) {
  return (
    <Table striped withTableBorder verticalSpacing={4} aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th><Trans>SKU</Trans></Table.Th>
          {head}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
}

/** A line's SKU cell: id, a tag beside it (damaged, say), and name. */
export function SkuCell({ skuId, skuName, tag }: { skuId: string; skuName: string; tag?: ReactNode }) {
  const id = <Text size="sm" ff="monospace">{skuId}</Text>;
  return (
    <Table.Td>
      {tag ? <Group gap={6} wrap="nowrap">{id}{tag}</Group> : id}
      <Text size="xs" c="dimmed" lineClamp={1}>{skuName}</Text>
    </Table.Td>
  );
}
