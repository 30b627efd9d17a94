import { useMemo, useState, type KeyboardEvent } from 'react';
import {
  Alert, Badge, Button, Card, Group, Modal, NumberInput, Progress, Select, Stack, Table, Text, Title, UnstyledButton,
} from '@mantine/core';
import { IconBox, IconCheck, IconChevronRight, IconCloudUpload, IconPackageOff } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { INBOUND_STATUS, codeEnum } from '../../../shared/codes';
import { contract } from '../../../shared/contract';
import type { OutputOf } from '../../../shared/contract/define';
import { MAX_COUNT_QTY, isCountQty } from '../../../shared/counting';
import { countingOps } from '../../../shared/ops/counting.ops';
import type { PayloadOf } from '../../../shared/ops/define';
import { RET } from '../../../shared/retcodes';
import type { FieldDef } from '../../../shared/resources/define';
import { cue } from '../../kit/feedback';
import { enqueue, OpValidationError, type OutboxOp } from '../../kit/outbox';
import { OpFeed, useOpAnswers } from '../../kit/outbox/op-feed';
import { useOutboxStatus } from '../../kit/outbox/use-outbox-status';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { FieldValue } from '../../kit/resource/field-value';
import { ScanInput } from '../../kit/scan/scan-input';
import type { ScanVerdict } from '../../kit/scan/use-scan-input';
import { useSearchParam } from '../../kit/search-param';
import { relativeTime, useNow } from '../../kit/time';
import { toast } from '../../kit/toast';
import { CartonList, type CartonCorrection } from './counting-cartons';
import { askServer } from './counting-checks';
import { CompleteDialog } from './counting-complete';
import { checkCount, groupOps, groupTotals, localGroup, meaningOf, type GroupDetail, type GroupLine, type LocalGroup } from './counting-view';
import { countingQueries } from './counting.queries';


type CountingOp = (typeof countingOps)[keyof typeof countingOps];
/**
 * Counting (spec §2 /inbound/counting, §7 counting calls): the operator's scan screen, PDA-sized.
 * Pick a group (or resume one of yours), then scan cartons and SKUs and count them, correct the
 * cartons, and complete. Every change is an op of the outbox, online or not: checked first against
 * the cached group detail (SKU in the group, quantity, surplus prompt) and, online, against what
 * only the server knows (counting-checks.ts), heard at once, and shown with the server's answer
 * when it comes.
 */

const PATH = '/inbound/counting';
const statusField: FieldDef = { kind: 'enum', label: /*i18n*/ 'Status', status: true, ...codeEnum(INBOUND_STATUS) };
const CLOSED = new Set<number>([INBOUND_STATUS.values.CANCELLED, INBOUND_STATUS.values.REJECTED, INBOUND_STATUS.values.FAILED]);

export default function CountingScreen() {
  const groupNo = useSearchParam('group_no');
  return groupNo ? <GroupCounting key={groupNo} groupNo={groupNo} /> : <GroupPicker />;
}

function useOpenGroup() {
  const navigate = useNavigate();
  return (groupNo: string | null) => void navigate({ to: PATH, search: (groupNo ? { group_no: groupNo } : {}) as never });
}

type GroupRow = OutputOf<typeof contract.searchGroupList>['list'][number];

/** Step one: the group to count, scanned (its number, or the ASN number of a group of one), resumed from the operator's own, or picked from the waiting ones. */
function GroupPicker() {
  const { t } = useLingui();
  const open = useOpenGroup();
  const groups = useQuery(countingQueries.groups());
  const mine = useQuery(countingQueries.myGroups());
  const myGroups = mine.data?.list ?? [];
  const waiting = (groups.data?.list ?? []).filter((g) => !myGroups.some((m) => m.group_no === g.group_no));
  const onScan = ({ value }: { value: string }): ScanVerdict => {
    open(value.trim());
    return { ok: true };
  };
  return (
    <Stack gap="md" maw={720} mx="auto">
      <Title order={1} fz="h3"><Trans>Counting</Trans></Title>
      <ScanInput label={<Trans>ASN group</Trans>} placeholder={t`Scan the ASN group or ASN number`} onScan={onScan} testId="counting-group-scan" />
      {myGroups.length > 0 && (
        <Stack gap="xs">
          <Title order={2} fz="sm"><Trans>My groups</Trans></Title>
          <Text size="xs" c="dimmed"><Trans>Groups you are counting that are not complete: pick one to go on.</Trans></Text>
          {myGroups.map((g) => <GroupCard key={g.group_no} group={g} onOpen={open} testId="counting-my-group" />)}
        </Stack>
      )}
      <Title order={2} fz="sm"><Trans>Groups to count</Trans></Title>
      {groups.isError && <Alert color="yellow"><Trans>The groups waiting to be counted could not be read. Scan a group number instead.</Trans></Alert>}
      {groups.data && waiting.length === 0 && myGroups.length === 0 && <Text c="dimmed" size="sm"><Trans>No group is waiting to be counted.</Trans></Text>}
      <Stack gap="xs">
        {waiting.map((g) => <GroupCard key={g.group_no} group={g} onOpen={open} testId="counting-group" />)}
      </Stack>
    </Stack>
  );
}

function GroupCard({ group: g, onOpen, testId }: { group: GroupRow; onOpen(groupNo: string): void; testId: string }) {
  const now = useNow(60_000);
  const last = g.last_counted_at === null ? null : relativeTime(g.last_counted_at * 1000, now);
  return (
    <UnstyledButton onClick={() => onOpen(g.group_no)} data-testid={testId}>
      <Card withBorder padding="sm" radius="md">
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={2}>
            <Group gap="xs">
              <Text fw={700} ff="monospace">{g.group_no}</Text>
              <FieldValue field={statusField} value={g.status} />
            </Group>
            <Text size="xs" c="dimmed"><Trans>{g.asn_count} ASNs · {g.counted_qty} of {g.expected_qty} counted</Trans></Text>
            {last && <Text size="xs" c="dimmed"><Trans>Last counted {last}</Trans></Text>}
          </Stack>
          <IconChevronRight size={20} aria-hidden />
        </Group>
      </Card>
    </UnstyledButton>
  );
}

/** What the server knows of a code the group's detail does not: a carton (of this group, registered by another device, or of another group) or a SKU of the warehouse. */
interface CodeFacts {
  carton: { asn_no: string; group_no: string } | null;
  sku_id: string | null;
}

type Prompt =
  /** `elsewhere`: the surplus comes from counts of other devices the detail did not hold yet (check_surplus). */
  | { kind: 'surplus'; line: GroupLine; qty: number; expected: number; counted: number; surplus: number; elsewhere: boolean }
  /** `facts`: the server's, once asked; 'asking' meanwhile, 'offline' when it could not be asked. */
  | { kind: 'unknown'; code: string; facts: CodeFacts | 'asking' | 'offline' }
  | { kind: 'complete' };

/** A SKU of the group with its lines summed over the group's ASNs. */
interface SkuRow { sku_id: string; sku_name: string; expected: number; counted: number }

function skuRows(group: LocalGroup): SkuRow[] {
  const rows = new Map<string, SkuRow>();
  for (const line of group.lines) {
    const row = rows.get(line.sku_id) ?? { sku_id: line.sku_id, sku_name: line.sku_name, expected: 0, counted: 0 };
    row.expected += line.expected_qty;
    row.counted += line.counted_qty;
    rows.set(line.sku_id, row);
  }
  return [...rows.values()];
}

/** Step two: counting one group. */
function GroupCounting({ groupNo }: { groupNo: string }) {
  const { t } = useLingui();
  const open = useOpenGroup();
  const query = useQuery(countingQueries.group(groupNo));
  const status = useOutboxStatus();
  const ops = useMemo(() => groupOps(status.ops, groupNo), [status.ops, groupNo]);
  const rejected = useMemo(() => () => t`Count refused`, [t]);
  useOpAnswers(ops, { refresh: countingQueries.group(groupNo).queryKey, rejected });

  if (query.isPending) return <Text c="dimmed"><Trans>Loading the group…</Trans></Text>;
  if (query.isError) {
    return (
      <Stack gap="md" maw={720} mx="auto">
        <Title order={1} fz="h3"><Trans>Counting</Trans></Title>
        <Alert color="red" title={t`Group ${groupNo} cannot be counted here`}>
          {query.error.message || <Trans>It was not found, or it was never opened on this device while online.</Trans>}
        </Alert>
        <Button variant="light" onClick={() => open(null)}><Trans>Choose another group</Trans></Button>
      </Stack>
    );
  }
  return <Counting detail={query.data} ops={ops} onLeave={() => open(null)} />;
}

function Counting({ detail, ops, onLeave }: { detail: GroupDetail; ops: OutboxOp[]; onLeave: () => void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const group = useMemo(() => localGroup(detail, ops), [detail, ops]);
  const totals = groupTotals(group);
  const [carton, setCarton] = useState<string | null>(null);
  const [cartonWarning, setCartonWarning] = useState<string | null>(null);
  const [line, setLine] = useState<GroupLine | null>(null);
  const [qty, setQty] = useState<number | string>(1);
  const [counting, setCounting] = useState(false);
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  const [wrongQty, setWrongQty] = useState<number | string>(1);
  const [cartonAsn, setCartonAsn] = useState<string | null>(null);
  // Counting's ops need the permission its POSTs need.
  const mayCount = useMayCall(contract.saveCountingRecord.access);
  const groupNo = detail.group_no;
  const openAsns = detail.asns.filter((a) => !CLOSED.has(a.status));
  const cartonOf = (trackingId: string | null) => group.cartons.find((c) => c.tracking_id === trackingId);
  // Ops of this group the server has not answered: while there are some, the server's figures lag behind this device's.
  const unsent = ops.filter((op) => op.state === 'pending' || op.state === 'sending').length;
  const refreshDetail = () => void queryClient.invalidateQueries({ queryKey: countingQueries.group(groupNo).queryKey });

  /** Queues an op; a payload the op kind refuses is said and shown, nothing is queued. */
  const queue = async <O extends CountingOp>(op: O, payload: Omit<PayloadOf<O>, 'group_no'>, say: string): Promise<boolean> => {
    try {
      await enqueue(op, { group_no: groupNo, ...payload } as PayloadOf<O>);
      cue('inbound.counting_saved', { say });
      return true;
    } catch (error) {
      cue('scan.refused');
      toast.error(error instanceof OpValidationError ? i18n._(error.descriptor) : String(error));
      return false;
    }
  };

  /** Refused on the device before anything is queued: heard and shown. */
  const refuse = (message: string) => {
    cue('scan.refused');
    toast.error(message);
  };

  /**
   * Counts units of a line's SKU. A surplus is asked about first: by this device's view, and, when
   * every count of this device is sent, by the server's (other devices may have counted meanwhile).
   */
  const count = async (target: GroupLine, units: number, confirmSurplus: boolean) => {
    if (!isCountQty(units)) return refuse(t`Count 1 to ${MAX_COUNT_QTY} units.`);
    if (counting) return;
    setCounting(true);
    try {
      if (!confirmSurplus) {
        const local = checkCount(group, target.sku_id, units);
        let surplus = local.surplus_qty > 0 ? { ...local, elsewhere: false } : null;
        if (!surplus && unsent === 0) {
          const answer = await askServer(contract.checkSurplus, { group_no: groupNo, sku_id: target.sku_id, qty: units });
          if (answer && 'data' in answer && answer.data.is_surplus) surplus = { ...answer.data, elsewhere: true };
        }
        if (surplus) {
          cue('inbound.counting_mismatch', { say: t`Surplus` });
          setPrompt({
            kind: 'surplus', line: target, qty: units, expected: surplus.expected_qty, counted: surplus.counted_qty, surplus: surplus.surplus_qty,
            elsewhere: surplus.elsewhere,
          });
          return;
        }
      }
      const payload = { sku_id: target.sku_id, qty: units, ...(carton ? { tracking_id: carton } : {}), ...(confirmSurplus ? { confirm_surplus: true } : {}) };
      if (await queue(countingOps.save, payload, String(units))) {
        setLine(null);
        setPrompt(null);
      }
    } finally {
      setCounting(false);
    }
  };

  /** A carton scanned: counts go into it; online, its open exceptions (reported at arrival) are shown. */
  const pickCarton = (trackingId: string, queued: boolean) => {
    setCarton(trackingId);
    setCartonWarning(null);
    if (queued) return;
    void askServer(contract.checkExceptionTrackingId, { tracking_id: trackingId }).then((answer) => {
      if (!answer || !('data' in answer) || !answer.data.has_exception) return;
      const nos = answer.data.exceptions.map((e) => e.exception_no).join(', ') || '-';
      setCartonWarning(t`Carton ${trackingId} has open exceptions (${nos}): check it before counting what is in it.`);
    });
  };

  /** A code the group's detail does not know: asked of the server online (a carton registered elsewhere, a SKU of the warehouse). */
  const askAboutCode = (code: string) => {
    const settle = (facts: CodeFacts | 'offline') => setPrompt((p) => (p?.kind === 'unknown' && p.code === code ? { ...p, facts } : p));
    void Promise.all([
      askServer(contract.checkTrackingId, { group_no: groupNo, tracking_id: code }),
      askServer(contract.searchSkuScanning, { group_no: groupNo, code }),
    ]).then(([cartonAnswer, skuAnswer]) => {
      if (!cartonAnswer && !skuAnswer) return settle('offline');
      let known: CodeFacts['carton'] = null;
      if (cartonAnswer && 'data' in cartonAnswer && cartonAnswer.data.exists) known = { asn_no: cartonAnswer.data.asn_no ?? '-', group_no: groupNo };
      if (cartonAnswer && 'error' in cartonAnswer && cartonAnswer.error.retcode === RET.TRACKING_ID_ELSEWHERE) known = cartonAnswer.error.data as CodeFacts['carton'];
      settle({ carton: known, sku_id: skuAnswer && 'data' in skuAnswer ? skuAnswer.data.sku_id : null });
    });
  };

  const onScan = ({ value }: { value: string }): ScanVerdict => {
    if (group.completing) return { ok: false, message: t`Counting of group ${groupNo} is complete: nothing more is counted.` };
    const meaning = meaningOf(group, value);
    if (meaning.kind === 'carton') {
      pickCarton(meaning.carton.tracking_id, meaning.carton.queued);
      return { ok: true, say: t`Carton` };
    }
    if (meaning.kind === 'sku') {
      setLine(meaning.line);
      setQty(1);
      return { ok: true, say: meaning.line.sku_name };
    }
    setWrongQty(1);
    setCartonAsn(openAsns.length === 1 ? openAsns[0]!.asn_no : null);
    setPrompt({ kind: 'unknown', code: meaning.code, facts: navigator.onLine ? 'asking' : 'offline' });
    if (navigator.onLine) askAboutCode(meaning.code);
    return { ok: false, node: 'inbound.counting_mismatch', say: t`Not in this group` };
  };

  /** A carton corrected (pieces, ASN) or removed: checked against this device's view, then queued after the counts before it. */
  const correct = async ({ tracking_id: trackingId, change }: CartonCorrection): Promise<boolean> => {
    const target = cartonOf(trackingId);
    if (!target) return false;
    const counted = target.counted_qty;
    if ((change === null || change.asn_no !== undefined) && counted > 0) {
      refuse(t`${counted} units are counted in carton ${trackingId}: it stays with ASN ${target.asn_no}.`);
      return false;
    }
    const queued = change === null
      ? await queue(countingOps.cartonDelete, { tracking_id: trackingId }, t`Carton removed`)
      : await queue(countingOps.cartonChange, { tracking_id: trackingId, ...change }, t`Carton corrected`);
    if (queued && change === null && carton === trackingId) setCarton(null);
    return queued;
  };

  const onQtyKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && line) {
      event.preventDefault();
      void count(line, Number(qty), false);
    }
  };

  const done = detail.counting_completed_at !== null;
  const completeOp = ops.find((op) => op.kind === countingOps.complete.kind && op.state === 'done');
  const nextSteps = (completeOp?.result as { asns?: { asn_no: string; qc_required: boolean; task_no: string }[] } | null)?.asns ?? [];
  const current = line ? skuRows(group).find((r) => r.sku_id === line.sku_id) : undefined;
  const cartonAsnNo = cartonOf(carton)?.asn_no ?? '-';
  const currentCounted = current?.counted ?? 0;
  const currentExpected = current?.expected ?? 0;
  const describe = (op: OutboxOp) => {
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

  return (
    <Stack gap="sm" maw={720} mx="auto">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} fz="h3"><Trans>Counting</Trans></Title>
          <Group gap="xs">
            <Text fw={700} ff="monospace" data-testid="counting-group-no">{groupNo}</Text>
            <FieldValue field={statusField} value={detail.status} />
          </Group>
        </div>
        <Button variant="subtle" size="compact-sm" onClick={onLeave}><Trans>Other group</Trans></Button>
      </Group>
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

      {done ? (
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
      ) : group.completing ? (
        <Alert color="blue" title={t`Completion queued`}><Trans>The group is completed as soon as this device's counts reach the server.</Trans></Alert>
      ) : !mayCount ? (
        <MissingPermissionNote access={contract.saveCountingRecord.access} />
      ) : (
        <>
          <Group justify="space-between" wrap="nowrap">
            <Group gap={6} wrap="nowrap">
              {carton ? <IconBox size={18} aria-hidden /> : <IconPackageOff size={18} aria-hidden />}
              <Text size="sm" data-testid="counting-carton">
                {carton ? <Trans>Carton {carton} (ASN {cartonAsnNo})</Trans> : <Trans>No carton: scan one to count into it</Trans>}
              </Text>
            </Group>
            {carton && <Button variant="subtle" size="compact-xs" onClick={() => { setCarton(null); setCartonWarning(null); }}><Trans>No carton</Trans></Button>}
          </Group>
          {cartonWarning && <Alert color="orange" data-testid="counting-carton-warning">{cartonWarning}</Alert>}
          {line ? (
            <Card withBorder radius="md" padding="sm" data-testid="counting-sku">
              <Stack gap="xs">
                <div>
                  <Text fw={700} ff="monospace">{line.sku_id}</Text>
                  <Text size="sm">{line.sku_name}</Text>
                  <Text size="xs" c="dimmed"><Trans>{currentCounted} of {currentExpected} counted</Trans></Text>
                </div>
                <NumberInput
                  label={<Trans>Quantity</Trans>}
                  value={qty}
                  onChange={setQty}
                  min={1}
                  max={MAX_COUNT_QTY}
                  allowDecimal={false}
                  allowNegative={false}
                  autoFocus
                  onKeyDown={onQtyKey}
                  data-testid="counting-qty"
                />
                <Group grow>
                  <Button onClick={() => void count(line, Number(qty), false)} loading={counting} data-testid="counting-save"><Trans>Count</Trans></Button>
                  <Button variant="default" onClick={() => setLine(null)}><Trans>Cancel</Trans></Button>
                </Group>
              </Stack>
            </Card>
          ) : (
            <ScanInput label={<Trans>Carton or SKU</Trans>} placeholder={t`Scan a carton, a SKU, UPC or $/# code`} onScan={onScan} testId="counting-scan" />
          )}
          <Button variant="light" color="teal" onClick={() => setPrompt({ kind: 'complete' })} disabled={line !== null} data-testid="counting-complete-open">
            <Trans>Complete counting</Trans>
          </Button>
        </>
      )}

      <Table striped withTableBorder verticalSpacing={4} aria-label={t`SKUs of the group`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th><Trans>SKU</Trans></Table.Th>
            <Table.Th ta="right"><Trans>Counted</Trans></Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {skuRows(group).map((row) => (
            <Table.Tr key={row.sku_id} data-testid="counting-line" data-sku={row.sku_id} bg={row.sku_id === line?.sku_id ? 'var(--mantine-color-blue-light)' : undefined}>
              <Table.Td>
                <Text size="sm" ff="monospace">{row.sku_id}</Text>
                <Text size="xs" c="dimmed" lineClamp={1}>{row.sku_name}</Text>
              </Table.Td>
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
        </Table.Tbody>
      </Table>

      <CartonList
        cartons={group.cartons}
        asnNos={openAsns.map((a) => a.asn_no)}
        current={carton}
        editable={mayCount && !done && !group.completing}
        onPick={(trackingId) => pickCarton(trackingId, cartonOf(trackingId)?.queued ?? false)}
        onCorrect={correct}
      />

      <OpFeed title={<Trans>Counts on this device</Trans>} ops={[...ops].reverse()} describe={describe} />

      <Modal opened={prompt?.kind === 'surplus'} onClose={() => setPrompt(null)} title={t`More than expected`} centered>
        {prompt?.kind === 'surplus' && (
          <Stack>
            <Text size="sm">
              <Trans>
                SKU {prompt.line.sku_id}: the group expects {prompt.expected} and {prompt.counted} are counted. {prompt.surplus} of these {prompt.qty} units are surplus.
              </Trans>
            </Text>
            {prompt.elsewhere && <Text size="sm" c="orange" data-testid="counting-surplus-elsewhere"><Trans>Other devices have counted this SKU since this device last read the group.</Trans></Text>}
            <Group grow>
              <Button color="orange" onClick={() => void count(prompt.line, prompt.qty, true)} data-testid="counting-surplus-confirm"><Trans>Count as surplus</Trans></Button>
              <Button variant="default" onClick={() => setPrompt(null)}><Trans>Cancel</Trans></Button>
            </Group>
          </Stack>
        )}
      </Modal>

      <Modal opened={prompt?.kind === 'unknown'} onClose={() => setPrompt(null)} title={t`Not in this group`} centered>
        {prompt?.kind === 'unknown' && (
          <Stack>
            <Text size="sm"><Trans>{prompt.code} is neither a carton nor a SKU this group expects.</Trans></Text>
            <CodeFactsText code={prompt.code} facts={prompt.facts} groupNo={groupNo} onCountInto={() => {
              pickCarton(prompt.code, false);
              refreshDetail();
              setPrompt(null);
            }} />
            {!(typeof prompt.facts === 'object' && prompt.facts.carton) && (
              <Card withBorder padding="sm">
                <Stack gap="xs">
                  <Text size="sm" fw={600}><Trans>A carton that arrived with the goods</Trans></Text>
                  {openAsns.length > 1 && (
                    <Select label={<Trans>ASN of the carton</Trans>} data={openAsns.map((a) => a.asn_no)} value={cartonAsn} onChange={setCartonAsn} comboboxProps={{ withinPortal: false }} />
                  )}
                  <Button
                    variant="light"
                    disabled={!cartonAsn}
                    onClick={async () => {
                      if (await queue(countingOps.carton, { tracking_id: prompt.code, asn_no: cartonAsn }, t`Carton registered`)) {
                        setCarton(prompt.code);
                        setPrompt(null);
                      }
                    }}
                    data-testid="counting-register-carton"
                  >
                    <Trans>Register carton</Trans>
                  </Button>
                </Stack>
              </Card>
            )}
            <Card withBorder padding="sm">
              <Stack gap="xs">
                <Text size="sm" fw={600}><Trans>A product the group does not expect</Trans></Text>
                <NumberInput label={<Trans>Quantity</Trans>} value={wrongQty} onChange={setWrongQty} min={1} max={MAX_COUNT_QTY} allowDecimal={false} allowNegative={false} />
                <Button
                  variant="light"
                  color="red"
                  onClick={async () => {
                    const units = Number(wrongQty);
                    if (!isCountQty(units)) return;
                    const payload = { code: prompt.code, qty: units, ...(carton ? { tracking_id: carton } : {}) };
                    if (await queue(countingOps.wrongSku, payload, t`Wrong SKU recorded`)) setPrompt(null);
                  }}
                  data-testid="counting-wrong-sku"
                >
                  <Trans>Record as wrong SKU</Trans>
                </Button>
              </Stack>
            </Card>
            <Button variant="default" onClick={() => setPrompt(null)}><Trans>Cancel</Trans></Button>
          </Stack>
        )}
      </Modal>

      <CompleteDialog
        opened={prompt?.kind === 'complete'}
        groupNo={groupNo}
        group={group}
        unsent={unsent}
        onClose={() => setPrompt(null)}
        onConfirm={async () => {
          if (await queue(countingOps.complete, {}, t`Counting complete`)) setPrompt(null);
        }}
      />
    </Stack>
  );
}

/** What the server said of a code the group does not know, in the operator's words. */
function CodeFactsText({ code, facts, groupNo, onCountInto }: { code: string; facts: CodeFacts | 'asking' | 'offline'; groupNo: string; onCountInto(): void }) {
  if (facts === 'asking') return <Text size="xs" c="dimmed"><Trans>Asking the server about it…</Trans></Text>;
  if (facts === 'offline') return <Text size="xs" c="dimmed" data-testid="counting-code-facts"><Trans>Offline: checked against this device's copy of the group only.</Trans></Text>;
  const { carton, sku_id: skuId } = facts;
  if (carton && carton.group_no === groupNo) {
    return (
      <Alert color="teal" data-testid="counting-code-facts">
        <Stack gap="xs">
          <Text size="sm"><Trans>{code} is a carton of ASN {carton.asn_no} in this group, registered on another device.</Trans></Text>
          <Button size="xs" variant="light" onClick={onCountInto}><Trans>Count into this carton</Trans></Button>
        </Stack>
      </Alert>
    );
  }
  if (carton) {
    return <Alert color="red" data-testid="counting-code-facts"><Trans>{code} is a carton of ASN {carton.asn_no} in group {carton.group_no}: it does not belong here. Put it aside for that group.</Trans></Alert>;
  }
  return (
    <Text size="sm" c="dimmed" data-testid="counting-code-facts">
      {skuId ? <Trans>It is SKU {skuId} of this warehouse, which this group does not expect.</Trans> : <Trans>The warehouse knows no SKU by this code: an unknown item, or a carton label.</Trans>}
    </Text>
  );
}
