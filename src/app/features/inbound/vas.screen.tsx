import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, NumberInput, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { QUALITY, TASK_STATUS } from '../../../shared/codes';
import { contract } from '../../../shared/contract';
import type { OutputOf } from '../../../shared/contract/define';
import { UPPER_BOUND } from '../../../shared/constants';
import { resolveScannedSku } from '../../../shared/counting';
import { callApi } from '../../kit/api';
import { cue } from '../../kit/feedback';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { FieldValue } from '../../kit/resource/field-value';
import { ScanInput } from '../../kit/scan/scan-input';
import type { ScanVerdict } from '../../kit/scan/use-scan-input';
import { toast } from '../../kit/toast';
import { AsnNotFound, taskKindField, taskStatusField } from './inbound-task-scan';
import { vasQueries } from './vas.queries';

/**
 * Reprocess (spec §2 /inbound/reprocess/{task_id?}): where operators do VAS tasks — labelling,
 * bundling, repackaging (shared/vas.ts). Scan the task number or its staging location, then each
 * SKU, and confirm the units done; the last unit hands the task's units to a putaway task.
 * Online, like QC and receiving: each confirmation is saved at once.
 */

const PATH = '/inbound/reprocess';
type Work = OutputOf<typeof contract.getVasTask>;
type Line = Work['lines'][number];
const OPEN: readonly number[] = [TASK_STATUS.values.PENDING, TASK_STATUS.values.ASSIGNED, TASK_STATUS.values.ONGOING];

export default function VasScreen() {
  const { task_id: code } = useParams({ strict: false }) as { task_id?: string };
  const navigate = useNavigate();
  const open = (next: string | null) => void navigate({ to: next ? `${PATH}/${encodeURIComponent(next)}` : PATH } as never);
  return code ? <VasTask key={code} code={code} onLeave={() => open(null)} /> : <VasScan onOpen={open} />;
}

function VasScan({ onOpen }: { onOpen: (code: string) => void }) {
  const { t } = useLingui();
  const onScan = ({ value }: { value: string }): ScanVerdict => {
    onOpen(value.trim());
    return { ok: true };
  };
  return (
    <Stack gap="md" maw={720} mx="auto">
      <Title order={1} fz="h3"><Trans>Reprocess</Trans></Title>
      <ScanInput label={<Trans>Task or staging location</Trans>} placeholder={t`Scan a VAS task number or its staging location`} onScan={onScan} testId="vas-task-scan" />
      <Text size="sm" c="dimmed">
        <Trans>Labelling, bundling and repackaging tasks: ASN lines that ask for a service, and exception units sent to be relabelled or repackaged. Their units wait in staging until the task is done.</Trans>
      </Text>
    </Stack>
  );
}

function VasTask({ code, onLeave }: { code: string; onLeave: () => void }) {
  const { t } = useLingui();
  const query = useQuery(vasQueries.task(code));
  if (query.isPending) return <Text c="dimmed"><Trans>Loading…</Trans></Text>;
  if (query.isError) return <AsnNotFound title={t`Reprocess`} code={code} error={query.error} onLeave={onLeave} />;
  return <Rework work={query.data} code={code} onLeave={onLeave} />;
}

function Rework({ work, code, onLeave }: { work: Work; code: string; onLeave: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [line, setLine] = useState<Line | null>(null);
  const [qty, setQty] = useState<number | string>(1);
  const [putawayTask, setPutawayTask] = useState<string | null>(null);
  const { task, lines } = work;
  const open = OPEN.includes(task.status);
  const mayWork = useMayCall(contract.doVasLine.access);

  const done = useMutation({
    mutationFn: () => callApi(contract.doVasLine, { task_no: task.task_no, sku_id: line!.sku_id, qty: Number(qty) }),
    onSuccess: (data) => {
      queryClient.setQueryData(vasQueries.task(code).queryKey, { task: data.task, lines: data.lines });
      setLine(null);
      if (data.putaway_task_no) {
        setPutawayTask(data.putaway_task_no);
        cue('scan.accepted', { say: t`Task done` });
        toast.success(t`Task ${data.task.task_no} is done: its units go to putaway task ${data.putaway_task_no}.`);
      } else {
        cue('scan.accepted', { say: t`Saved` });
      }
    },
    onError: () => cue('scan.refused'),
  });

  const onScan = ({ value }: { value: string }): ScanVerdict => {
    const skuId = resolveScannedSku(value, lines);
    const found = lines.find((l) => l.sku_id === skuId && l.done_qty < l.qty) ?? lines.find((l) => l.sku_id === skuId);
    if (!found) return { ok: false, message: t`${value} is not a SKU of task ${task.task_no}.` };
    const left = found.qty - found.done_qty;
    if (left === 0) return { ok: false, message: t`SKU ${found.sku_id} is done already.` };
    setLine(found);
    setQty(left);
    return { ok: true, say: t`${left} left` };
  };

  const left = line ? line.qty - line.done_qty : 0;
  const canSave = line !== null && Number(qty) >= 1 && Number(qty) <= Math.min(left, UPPER_BOUND);
  return (
    <Stack gap="sm" maw={720} mx="auto">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} fz="h3"><Trans>Reprocess</Trans></Title>
          <Group gap="xs">
            <Text fw={700} ff="monospace" data-testid="vas-task-no">{task.task_no}</Text>
            <FieldValue field={taskKindField} value={task.kind} />
            <FieldValue field={taskStatusField} value={task.status} />
          </Group>
          <Text size="xs" c="dimmed">
            {task.asn_no && <Trans>ASN {task.asn_no}</Trans>}
            {task.exception_no && <> · <Trans>Exception {task.exception_no}</Trans></>}
            {task.staging_location && <> · <Trans>At {task.staging_location}</Trans></>}
          </Text>
        </div>
        <Button variant="subtle" size="compact-sm" onClick={onLeave}><Trans>Other task</Trans></Button>
      </Group>
      {task.status === TASK_STATUS.values.DONE && (
        <Alert color="teal" icon={<IconCheck size={18} aria-hidden />} title={t`Task done`} data-testid="vas-done">
          {putawayTask ? <Trans>Its units go to putaway task {putawayTask}.</Trans> : <Trans>Its units went on to putaway.</Trans>}
        </Alert>
      )}
      {open && !mayWork && <MissingPermissionNote access={contract.doVasLine.access} />}
      {open && mayWork && (line ? (
        <Card withBorder radius="md" padding="sm" data-testid="vas-line">
          <Stack gap="xs">
            <div>
              <Text fw={700} ff="monospace">{line.sku_id}</Text>
              <Text size="sm">{line.sku_name}</Text>
              <Text size="xs" c="dimmed"><Trans>{line.done_qty} of {line.qty} done</Trans></Text>
            </div>
            <NumberInput label={<Trans>Units done</Trans>} value={qty} onChange={setQty} min={1} max={left} allowDecimal={false} allowNegative={false} data-testid="vas-qty" />
            <Group grow>
              <Button onClick={() => done.mutate()} loading={done.isPending} disabled={!canSave} data-testid="vas-confirm"><Trans>Confirm</Trans></Button>
              <Button variant="default" onClick={() => setLine(null)}><Trans>Cancel</Trans></Button>
            </Group>
          </Stack>
        </Card>
      ) : (
        <ScanInput label={<Trans>SKU</Trans>} placeholder={t`Scan a SKU of the task`} onScan={onScan} testId="vas-sku-scan" />
      ))}
      <Table striped withTableBorder verticalSpacing={4} aria-label={t`Lines to rework`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th><Trans>SKU</Trans></Table.Th>
            <Table.Th ta="right"><Trans>Done</Trans></Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={l.line_no} data-testid="vas-row">
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" ff="monospace">{l.sku_id}</Text>
                  {l.quality === QUALITY.values.DAMAGED && <Badge size="xs" color="red" variant="light"><Trans>Damaged</Trans></Badge>}
                </Group>
                <Text size="xs" c="dimmed" lineClamp={1}>{l.sku_name}</Text>
              </Table.Td>
              <Table.Td ta="right"><Text size="sm" fw={600} c={l.done_qty === l.qty ? 'teal' : undefined}>{l.done_qty} / {l.qty}</Text></Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
