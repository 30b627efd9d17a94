import type { KeyboardEvent } from 'react';
import { Alert, Badge, Button, Group, NumberInput, Progress, Stack, Table, Text } from '@mantine/core';
import { IconBox, IconCheck, IconCloudUpload, IconPackageOff } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { MAX_COUNT_QTY } from '../../../shared/counting';
import type { OutboxOp } from '../../kit/outbox';
import { ScanInput } from '../../kit/scan/scan-input';
import { LineStep, LinesTable, SkuCell } from '../../kit/scan-task/scan-task-parts';
import { groupTotals, type LocalGroup, type SkuRow } from './counting-view';
import { countingOps } from '../../../shared/ops/counting.ops';
import type { CountingFlow } from './use-counting';

/** Pieces of the counting screen: its progress, the count step, the SKU table, and this device's counts in words. */

export function CountingProgress({ group }: { group: LocalGroup }) {
  const { t } = useLingui();
  const totals = groupTotals(group);
  return (
    <Stack gap={2}>
      <Progress value={totals.expected ? Math.min(100, (100 * totals.counted) / totals.expected) : 0} aria-label={t`Counted`} />
      <Group justify="space-between">
        <Text size="sm" data-testid="counting-progress"><Trans>{totals.counted} of {totals.expected} counted</Trans></Text>
        {group.queuedUnits > 0 && (
          <Badge color="yellow" variant="light" leftSection={<IconCloudUpload size={12} aria-hidden />} data-testid="counting-queued">
            <Trans>{group.queuedUnits} units waiting to sync</Trans>
          </Badge>
        )}
      </Group>
    </Stack>
  );
}

/** Counting is complete: what follows for each ASN (the completion op's answer). */
export function CountingDone({ ops, onLeave }: { ops: readonly OutboxOp[]; onLeave(): void }) {
  const { t } = useLingui();
  const completeOp = ops.find((op) => op.kind === countingOps.complete.kind && op.state === 'done');
  const nextSteps = (completeOp?.result as { asns?: { asn_no: string; qc_required: boolean; task_no: string }[] } | null)?.asns ?? [];
  return (
    <Alert color="teal" icon={<IconCheck size={18} aria-hidden />} title={t`Counting of this group is complete`} data-testid="counting-complete">
      <Stack gap={4}>
        {nextSteps.map((s) => (
          <Text key={s.asn_no} size="sm">
            {s.qc_required ? <Trans>ASN {s.asn_no}: QC task {s.task_no}</Trans> : <Trans>ASN {s.asn_no}: receiving task {s.task_no}</Trans>}
          </Text>
        ))}
        <Button variant="light" size="xs" onClick={onLeave}><Trans>Count another group</Trans></Button>
      </Stack>
    </Alert>
  );
}

/** The count step: the carton counts go into, the scanned SKU's quantity (or the scan field), and completion. */
export function CountStep({ flow }: { flow: CountingFlow }) {
  const { t } = useLingui();
  const { carton, cartonAsnNo, line } = flow;
  const currentCounted = flow.current?.counted ?? 0;
  const currentExpected = flow.current?.expected ?? 0;
  const onQtyKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && line) {
      event.preventDefault();
      void flow.count(line, Number(flow.qty), false);
    }
  };
  return (
    <>
      <Group justify="space-between" wrap="nowrap">
        <Group gap={6} wrap="nowrap">
          {carton ? <IconBox size={18} aria-hidden /> : <IconPackageOff size={18} aria-hidden />}
          <Text size="sm" data-testid="counting-carton">
            {carton ? <Trans>Carton {carton} (ASN {cartonAsnNo})</Trans> : <Trans>No carton: scan one to count into it</Trans>}
          </Text>
        </Group>
        {carton && <Button variant="subtle" size="compact-xs" onClick={flow.clearCarton}><Trans>No carton</Trans></Button>}
      </Group>
      {flow.cartonWarning && <Alert color="orange" data-testid="counting-carton-warning">{flow.cartonWarning}</Alert>}
      {line ? (
        <LineStep
          testId="counting-sku"
          skuId={line.sku_id}
          skuName={line.sku_name}
          progress={<Trans>{currentCounted} of {currentExpected} counted</Trans>}
          confirm={{ label: <Trans>Count</Trans>, testId: 'counting-save', onClick: () => void flow.count(line, Number(flow.qty), false), loading: flow.counting }}
          onCancel={() => flow.setLine(null)}
        >
          <NumberInput
            label={<Trans>Quantity</Trans>}
            value={flow.qty}
            onChange={flow.setQty}
            min={1}
            max={MAX_COUNT_QTY}
            allowDecimal={false}
            allowNegative={false}
            autoFocus
            onKeyDown={onQtyKey}
            data-testid="counting-qty"
          />
        </LineStep>
      ) : (
        <ScanInput label={<Trans>Carton or SKU</Trans>} placeholder={t`Scan a carton, a SKU, UPC or $/# code`} onScan={flow.onScan} testId="counting-scan" />
      )}
      <Button variant="light" color="teal" onClick={() => flow.setPrompt({ kind: 'complete' })} disabled={line !== null} data-testid="counting-complete-open">
        <Trans>Complete counting</Trans>
      </Button>
    </>
  );
}

/** The group's SKUs, counted of expected (the scanned one marked), then the wrong SKUs recorded. */
export function CountingLines({ rows, group, currentSku }: { rows: readonly SkuRow[]; group: LocalGroup; currentSku: string | undefined }) {
  const { t } = useLingui();
  return (
    <LinesTable label={t`SKUs of the group`} head={<Table.Th ta="right"><Trans>Counted</Trans></Table.Th>}>
      {rows.map((row) => (
        <Table.Tr key={row.sku_id} data-testid="counting-line" data-sku={row.sku_id} bg={row.sku_id === currentSku ? 'var(--mantine-color-blue-light)' : undefined}>
          <SkuCell skuId={row.sku_id} skuName={row.sku_name} />
          <Table.Td ta="right">
            <Text size="sm" fw={600} c={row.counted > row.expected ? 'orange' : row.counted === row.expected ? 'teal' : undefined} data-testid="counting-line-counted">
              {row.counted} / {row.expected}
            </Text>
          </Table.Td>
        </Table.Tr>
      ))}
      {group.wrong.map((w) => (
        <Table.Tr key={`wrong-${w.code}`}>
          <Table.Td>
            <Text size="sm" ff="monospace">{w.code}</Text>
            <Text size="xs" c="red"><Trans>Wrong SKU</Trans></Text>
          </Table.Td>
          <Table.Td ta="right"><Text size="sm" fw={600} c="red">{w.qty}</Text></Table.Td>
        </Table.Tr>
      ))}
    </LinesTable>
  );
}

/** A counting op in words, for this device's feed. */
export function useDescribeCountingOp(): (op: OutboxOp) => string {
  const { t } = useLingui();
  return (op) => {
    const p = op.payload;
    const trackingId = String(p.tracking_id);
    switch (op.kind) {
      case countingOps.save.kind: return `${String(p.qty)} × ${String(p.sku_id)}${p.tracking_id ? ` · ${trackingId}` : ''}${p.confirm_surplus ? ` · ${t`surplus`}` : ''}`;
      case countingOps.wrongSku.kind: return t`${String(p.qty)} × ${String(p.code)} (wrong SKU)`;
      case countingOps.carton.kind: return t`Carton ${trackingId} registered`;
      case countingOps.cartonChange.kind: return [
        t`Carton ${trackingId} corrected`, p.carton_qty === undefined ? null : t`${String(p.carton_qty)} pcs`, p.asn_no === undefined ? null : t`ASN ${String(p.asn_no)}`,
      ].filter(Boolean).join(' · ');
      case countingOps.cartonDelete.kind: return t`Carton ${trackingId} removed`;
      default: return t`Counting completed`;
    }
  };
}
