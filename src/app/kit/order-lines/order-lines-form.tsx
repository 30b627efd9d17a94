import { ActionIcon, Alert, Badge, Button, Group, NumberInput, Paper, Table, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { UPPER_BOUND } from '../../../shared/constants';
import { ORDER_LINES_MAX } from '../../../shared/contract/sales-order.contract';
import { RET } from '../../../shared/retcodes';
import { requiredMessage } from '../../../shared/validation';
import { isApiError } from '../api';
import { emptyOrderLine, lineProblem, refusedLineIndex, type OrderLineDraft } from './order-lines';

/**
 * How the server refused an order form's save: a line (`lineRetcode`, -289002 for outbound orders,
 * shown on that line by LinesForm) or the order itself (any other refusal, shown above the buttons
 * by OrderFormFooter).
 */
export function formRefusal(error: unknown, lineCount: number, lineRetcode: number = RET.ORDER_LINE_INVALID) {
  const lineRefusal = isApiError(error, lineRetcode) ? error : null;
  const refusedIndex = lineRefusal ? refusedLineIndex(lineRefusal.data, lineCount) : null;
  const orderRefusal = error && isApiError(error) && refusedIndex === null ? error.message : null;
  return { lineRefusal, refusedIndex, orderRefusal };
}

/** The end of an order form: the order's refusal, if any, then Cancel (back) and Confirm (submit). */
export function OrderFormFooter({ refusal, saving }: { refusal: string | null; saving: boolean }) {
  const router = useRouter();
  return (
    <>
      {refusal && <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="order-refusal">{refusal}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => router.history.back()}><Trans>Cancel</Trans></Button>
        <Button type="submit" loading={saving}><Trans>Confirm</Trans></Button>
      </Group>
    </>
  );
}

/** The order's lines: a SKU (scanned or typed) and a quantity each, added and removed here; a refused line shows why. */
export function LinesForm({ lines, setLines: replaceLines, onEdit, touched, refusedIndex, refusal, maxLines = ORDER_LINES_MAX }: {
  lines: readonly OrderLineDraft[];
  /** The most lines the order takes (the contract's limit). */
  maxLines?: number;
  setLines(change: (all: OrderLineDraft[]) => OrderLineDraft[]): void;
  /** Called on every edit of the lines before it is made (the form clears its last refusal). */
  onEdit?(): void;
  touched: boolean;
  refusedIndex: number | null;
  refusal: string | undefined;
}) {
  const { t, i18n } = useLingui();
  const setLines = (change: (all: OrderLineDraft[]) => OrderLineDraft[]) => {
    onEdit?.();
    replaceLines(change);
  };
  const setLine = (key: number, change: Partial<OrderLineDraft>) => setLines((all) => all.map((l) => (l.key === key ? { ...l, ...change } : l)));
  const units = lines.reduce((n, l) => n + (typeof l.qty === 'number' ? l.qty : 0), 0);
  return (
    <Paper withBorder radius="md" p="md" data-testid="order-lines-form">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4"><Trans>Lines</Trans></Title>
        <Button
          variant="light" leftSection={<IconPlus size={16} aria-hidden />} disabled={lines.length >= maxLines}
          onClick={() => setLines((all) => [...all, emptyOrderLine()])}
        >
          <Trans>Add Line</Trans>
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={600}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={48}>#</Table.Th>
              <Table.Th><Trans>SKU ID</Trans> *</Table.Th>
              <Table.Th><Trans>Qty</Trans> *</Table.Th>
              <Table.Th w={48} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line, i) => {
              const n = i + 1;
              const problem = touched ? lineProblem(line) : null;
              const refused = refusedIndex === i ? refusal : undefined;
              return (
                <Table.Tr key={line.key} data-testid={`order-line-${n}`}>
                  <Table.Td>{n}</Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={t`SKU ID of line ${n}`} placeholder={t`Scan or type a SKU`} maxLength={100} value={line.sku_id}
                      onChange={(e) => setLine(line.key, { sku_id: e.currentTarget.value })}
                      error={refused ?? (problem === 'sku' ? i18n._(requiredMessage(t`SKU ID`, 'input')) : null)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={t`Qty of line ${n}`} min={1} max={UPPER_BOUND} allowDecimal={false} allowNegative={false} w={140}
                      value={line.qty} onChange={(v) => setLine(line.key, { qty: v })}
                      error={problem === 'qty' ? i18n._(requiredMessage(t`Qty`, 'input')) : null}
                    />
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle" color="red" aria-label={t`Remove line ${n}`} disabled={lines.length === 1}
                      onClick={() => setLines((all) => all.filter((l) => l.key !== line.key))}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group gap="xs" mt="sm">
        <Badge variant="light">{t`Lines: ${lines.length}`}</Badge>
        <Badge variant="light">{t`Units: ${units}`}</Badge>
      </Group>
    </Paper>
  );
}
