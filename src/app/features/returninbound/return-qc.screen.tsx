import { useMemo, useState } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, Paper, SegmentedControl, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconCloudOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { RETURN_INBOUND_CONDITION, RETURN_INBOUND_REASON, RETURN_JUDGEMENT } from '../../../shared/codes';
import { RETURN_ORDER_ACCESS, type ReturnToJudge } from '../../../shared/contract/return-order.contract';
import { returnQcOps } from '../../../shared/ops/return-qc.ops';
import { resolveScannedSku } from '../../../shared/counting';
import { conditionFloor, decidingRule, judgementProblem } from '../../../shared/return-judging';
import type { OutboxOp } from '../../kit/outbox';
import { OpFeed, useOpAnswers } from '../../kit/outbox/op-feed';
import { useOutboxStatus } from '../../kit/outbox/use-outbox-status';
import { useQueue } from '../../kit/outbox/use-queue';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { ScanInput } from '../../kit/scan/scan-input';
import type { ScanVerdict } from '../../kit/scan/use-scan-input';
import { useCanOpen } from '../../routes/use-access';
import { returnOrderQueries } from './return-order.queries';
import { answerOf, linesJudged, payloadOf, returnOfCode, returnProgress, unitOfScan, type UnitScan } from './return-qc-view';

const C = RETURN_INBOUND_CONDITION.values;
/** Where a judged return's re-inbound units are received (the inbound receiving screen). */
const RECEIVE_PATH = '/returninbound/rimassreceive';

/** The unit being judged: what was scanned, the checks it failed, its condition, reason and judgement (null: the rule's). */
interface UnitDraft {
  scan: UnitScan;
  failed: number[];
  condition: number;
  reason: number;
  judgement: number | null;
  override: string;
}

/**
 * /returninbound/qc: return QC on the floor. The operator scans a return that has arrived, then
 * each of its units: ticks the checks it fails (its condition follows), keeps or changes the
 * reason, and confirms where it goes — the return inbound rule's judgement, or another with a
 * reason. An item the return does not carry goes to dispute. Every unit is an op, judged first
 * against the device's copy of the returns, checklist and rules, so QC goes on with the network gone.
 */
export default function ReturnQcScreen() {
  const { t, i18n } = useLingui();
  const queue = useQueue();
  const mayJudge = useMayCall(RETURN_ORDER_ACCESS.judge);
  const data = useQuery(returnOrderQueries.toJudge());
  const outbox = useOutboxStatus();
  const ops = useMemo(() => outbox.ops.filter((op) => op.kind === returnQcOps.judgeUnit.kind), [outbox.ops]);
  useOpAnswers(ops, { refresh: returnOrderQueries.all, rejected: () => t`Returned unit refused` });
  const [returnNo, setReturnNo] = useState<string | null>(null);
  const [unit, setUnit] = useState<UnitDraft | null>(null);
  const current = returnNo === null ? undefined : returnOfCode(data.data?.returns, returnNo);
  const checks = data.data?.checks ?? [];
  const rules = data.data?.rules ?? [];

  const onReturnScan = ({ value }: { value: string }): ScanVerdict => {
    const found = returnOfCode(data.data?.returns, value);
    if (!found) {
      const text = t`${value.trim()} is no return waiting for QC: scan its parcel at the return dock first.`;
      return { ok: false, say: text, message: text };
    }
    setReturnNo(found.asn_no);
    setUnit(null);
    const units = found.lines.reduce((n, l) => n + l.expected_qty, 0);
    return { ok: true, say: t`Return ${found.return_order_no}, ${units} units` };
  };

  const onUnitScan = (ret: ReturnToJudge) => ({ value }: { value: string }): ScanVerdict => {
    const scan = unitOfScan(ret, value, ops);
    setUnit({ scan, failed: [], condition: scan.kind === 'wrong' ? C.ABNORMAL : C.GOOD, reason: ret.return_reason, judgement: null, override: '' });
    if (scan.kind === 'wrong') {
      const text = t`${scan.code} is not on this return: wrong item`;
      return { ok: false, say: text, message: text };
    }
    return { ok: true, say: scan.line.sku_name };
  };

  const confirm = (ret: ReturnToJudge, draft: UnitDraft) => {
    const code = draft.scan.kind === 'line' ? draft.scan.line.sku_id : draft.scan.code;
    void queue(returnQcOps.judgeUnit, {
      return_no: ret.asn_no, sku_code: code, condition: draft.condition, return_reason: draft.reason, failed_checks: draft.failed,
      judgement: draft.judgement, override_reason: draft.override.trim() || null,
    });
    setUnit(null);
  };

  const describe = (op: OutboxOp) => {
    const payload = payloadOf(op);
    const answer = answerOf(op);
    const code = payload.sku_code;
    if (answer?.outcome === 'dispute') {
      const disputeNo = answer.dispute_no;
      return <Text span c="orange.9" fw={600}><Trans>{code} → dispute {disputeNo}</Trans></Text>;
    }
    const ret = returnOfCode(data.data?.returns, payload.return_no);
    if (!answer && ret && resolveScannedSku(code, ret.lines) === null) {
      return <Text span c="orange.9" fw={600}><Trans>{code} → not on the return: dispute</Trans></Text>;
    }
    const judgement = answer?.outcome === 'judged' ? answer.judgement : payload.judgement;
    const where = judgement ? i18n._(RETURN_JUDGEMENT.label(judgement)!) : t`as the rule says`;
    const condition = i18n._(RETURN_INBOUND_CONDITION.label(payload.condition)!);
    return <Trans>{code}: {condition} → {where}</Trans>;
  };

  return (
    <Stack gap="sm" maw={640}>
      <Title order={1} fz="h3"><Trans>Return QC</Trans></Title>
      {!mayJudge && <MissingPermissionNote access={RETURN_ORDER_ACCESS.judge} />}
      {data.isError && (
        <Alert color="orange" icon={<IconCloudOff size={18} aria-hidden />}>
          <Trans>The returns to judge could not be read: connect once to load them, then QC works offline.</Trans>
        </Alert>
      )}
      {mayJudge && !current && (
        <ScanInput label={<Trans>Scan the return's tracking or return order number</Trans>} placeholder={t`Return`} onScan={onReturnScan} testId="return-qc-return-scan" />
      )}
      {mayJudge && current && (
        <ReturnPanel ret={current} ops={ops} onDone={() => { setReturnNo(null); setUnit(null); }}>
          {unit === null
            ? <ScanInput label={<Trans>Scan a unit's SKU</Trans>} placeholder={t`SKU`} onScan={onUnitScan(current)} testId="return-qc-unit-scan" />
            : <UnitForm draft={unit} setDraft={setUnit} checks={checks} rules={rules} onConfirm={() => confirm(current, unit)} onCancel={() => setUnit(null)} />}
        </ReturnPanel>
      )}
      <OpFeed title={<Trans>Judged units</Trans>} ops={ops} describe={describe} limit={12} testId="return-qc-op" />
    </Stack>
  );
}

function ReturnPanel({ ret, ops, onDone, children }: { ret: ReturnToJudge; ops: readonly OutboxOp[]; onDone(): void; children: React.ReactNode }) {
  const { i18n } = useLingui();
  const progress = returnProgress(ret, ops);
  const returnNo = ret.return_order_no;
  const trackingNo = ret.tracking_no;
  const judged = progress.judged;
  const expected = progress.expected;
  const mayReceive = useCanOpen(RECEIVE_PATH);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="return-qc-return">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Text fw={700}><Trans>Return {returnNo}</Trans></Text>
            <Text size="sm"><Trans>Parcel {trackingNo}</Trans> · {i18n._(RETURN_INBOUND_REASON.label(ret.return_reason)!)}</Text>
          </div>
          <Text fw={700} ta="right" c={judged >= expected ? 'teal.9' : 'blue.9'} style={{ flexShrink: 0 }} data-testid="return-qc-progress"><Trans>{judged} of {expected} judged</Trans></Text>
        </Group>
        <Table fz="sm">
          <Table.Thead>
            <Table.Tr><Table.Th><Trans>SKU</Trans></Table.Th><Table.Th ta="right"><Trans>Judged</Trans></Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {linesJudged(ret, ops).map((l) => (
              <Table.Tr key={l.sku_id}>
                <Table.Td><Text size="sm" fw={600}>{l.sku_id}</Text><Text size="xs">{l.sku_name}</Text></Table.Td>
                <Table.Td ta="right">{l.judged} / {l.expected_qty}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {children}
        {judged >= expected && mayReceive && (
          <Anchor component={Link} to={RECEIVE_PATH} search={{ asn: ret.asn_no } as never} size="sm" data-testid="return-qc-receive">
            <Trans>Receive its re-inbound units</Trans>
          </Anchor>
        )}
        <Button variant="default" size="md" onClick={onDone}><Trans>Done with this return</Trans></Button>
      </Stack>
    </Paper>
  );
}

function UnitForm({ draft, setDraft, checks, rules, onConfirm, onCancel }: {
  draft: UnitDraft;
  setDraft(draft: UnitDraft): void;
  checks: Parameters<typeof conditionFloor>[0];
  rules: Parameters<typeof decidingRule>[0];
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t, i18n } = useLingui();
  const floor = conditionFloor(checks, draft.failed);
  const unit = { condition: draft.condition, return_reason: draft.reason, failed_checks: draft.failed, judgement: draft.judgement, override_reason: draft.override };
  const rule = decidingRule(rules, unit);
  const problem = judgementProblem(unit, checks, rule);
  const chosen = draft.judgement ?? rule?.judgement ?? null;
  const overriding = rule !== undefined && chosen !== null && chosen !== rule.judgement;

  const toggleCheck = (checkId: number, failed: boolean) => {
    const next = failed ? [...draft.failed, checkId] : draft.failed.filter((id) => id !== checkId);
    setDraft({ ...draft, failed: next, condition: Math.max(draft.condition, conditionFloor(checks, next)) });
  };

  if (draft.scan.kind === 'wrong') {
    const code = draft.scan.code;
    return (
      <Stack gap="xs" data-testid="return-qc-wrong-item">
        <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />}>
          <Trans>{code} is not on this return, or all its units are judged: it goes to a wrong-item dispute. Put it on the dispute shelf.</Trans>
        </Alert>
        <Group grow>
          <Button variant="default" size="md" onClick={onCancel}><Trans>Cancel</Trans></Button>
          <Button color="orange" size="md" onClick={onConfirm}><Trans>Send to dispute</Trans></Button>
        </Group>
      </Stack>
    );
  }

  const skuName = draft.scan.line.sku_name;
  const ruleName = rule?.rule_name ?? '';
  const ruleJudgement = rule ? i18n._(RETURN_JUDGEMENT.label(rule.judgement)!) : '';
  return (
    <Stack gap="xs" data-testid="return-qc-unit">
      <Text fw={700}>{draft.scan.line.sku_id} · {skuName}</Text>
      {checks.length > 0 && (
        <Stack gap={6}>
          <Text size="sm" fw={600}><Trans>Untick each check the unit fails</Trans></Text>
          {checks.map((c) => (
            <Checkbox
              key={c.check_id} size="md" label={c.check_name} checked={!draft.failed.includes(c.check_id)}
              onChange={(e) => toggleCheck(c.check_id, !e.currentTarget.checked)}
            />
          ))}
        </Stack>
      )}
      <Text size="sm" fw={600}><Trans>Condition</Trans></Text>
      <SegmentedControl
        fullWidth size="md" value={String(draft.condition)} aria-label={t`Condition`}
        onChange={(v) => setDraft({ ...draft, condition: Number(v) })}
        data={RETURN_INBOUND_CONDITION.options.map((o) => ({ value: String(o.value), label: i18n._(o.label), disabled: o.value < floor }))}
      />
      <Select
        label={<Trans>Return reason</Trans>} size="md" allowDeselect={false} value={String(draft.reason)}
        onChange={(v) => v && setDraft({ ...draft, reason: Number(v) })}
        data={RETURN_INBOUND_REASON.options.map((o) => ({ value: String(o.value), label: i18n._(o.label) }))}
      />
      {rule
        ? <Text size="sm" data-testid="return-qc-rule"><Trans>Rule "{ruleName}": {ruleJudgement}</Trans></Text>
        : <Text size="sm" c="orange.9" data-testid="return-qc-rule"><Trans>No rule decides this unit: choose where it goes.</Trans></Text>}
      <Select
        label={<Trans>Judgement</Trans>} size="md" allowDeselect={false} value={chosen === null ? null : String(chosen)} placeholder={t`Choose`}
        onChange={(v) => v && setDraft({ ...draft, judgement: Number(v) })}
        data={RETURN_JUDGEMENT.options.map((o) => ({ value: String(o.value), label: i18n._(o.label) }))}
      />
      {(overriding || !rule) && (
        <TextInput
          label={overriding ? <Trans>Why not as the rule says</Trans> : <Trans>Remark</Trans>} size="md" maxLength={200} required={overriding}
          value={draft.override} onChange={(e) => setDraft({ ...draft, override: e.currentTarget.value })}
        />
      )}
      <Group grow>
        <Button variant="default" size="md" onClick={onCancel}><Trans>Cancel</Trans></Button>
        <Button size="md" disabled={problem !== null} onClick={onConfirm} data-testid="return-qc-confirm"><Trans>Confirm</Trans></Button>
      </Group>
    </Stack>
  );
}
