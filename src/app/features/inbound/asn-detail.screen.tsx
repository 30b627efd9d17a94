import { useState } from 'react';
import { Anchor, Button, Group, SimpleGrid, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { IconTruckDelivery, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import type { AsnDetail } from '../../../shared/contract/asn.contract';
import {
  INBOUND_EXCEPTION_REASON, INBOUND_EXCEPTION_STATUS, INBOUND_EXCEPTION_TYPE, INBOUND_HANDLING_DECISION, INBOUND_STATUS, INBOUND_TASK_KIND,
  RETURN_INBOUND_CONDITION, RETURN_INBOUND_REASON, RETURN_JUDGEMENT, TRACKING_ID_STATUS, YES_NO,
} from '../../../shared/codes';
import type { ReturnUnit } from '../../../shared/contract/return-order.contract';
import { ASN_LIFECYCLE, canMove } from '../../../shared/lifecycles';
import { ASN_PAGES, RETURN_ASN_PAGES, asnResource } from '../../../shared/resources/asn.resource';
import { returnOrderResource } from '../../../shared/resources/return-order.resource';
import { callApi } from '../../kit/api';
import { useRecordHeading } from '../../kit/record-heading';
import { RecordPending } from '../../kit/record-pending';
import { ReasonDialog } from '../../kit/reason-dialog';
import { FieldValue } from '../../kit/resource/field-value';
import { useSession } from '../../kit/use-session';
import { toast } from '../../kit/toast';
import { useCanOpen } from '../../routes/use-access';
import { Facts, FactsCard, NoData, Section, codeField, orPlaceholder } from '../../kit/record-parts';
import { asnQueries, type AsnDetailScope } from './asn.queries';

const F = asnResource.fields;
const S = INBOUND_STATUS.values;
const statusField = codeField(INBOUND_STATUS, /*i18n*/ 'Status', true);
const boxStatusField = codeField(TRACKING_ID_STATUS, /*i18n*/ 'Status', true);
const exceptionStatusField = codeField(INBOUND_EXCEPTION_STATUS, /*i18n*/ 'Status', true);
const exceptionTypeField = codeField(INBOUND_EXCEPTION_TYPE, /*i18n*/ 'Exception Type');
const reasonField = codeField(INBOUND_EXCEPTION_REASON, /*i18n*/ 'Reason');
const decisionField = codeField(INBOUND_HANDLING_DECISION, /*i18n*/ 'Handling Decision');
const jitField = codeField(YES_NO, /*i18n*/ 'JIT');
/** The value-added service a line asks for after receiving (labelling, bundling, repackaging). */
const vasField = codeField(INBOUND_TASK_KIND, /*i18n*/ 'Service', true);

/** The list an ASN detail page belongs to, from its path: the call it makes shows only that list's ASNs. */
function scopeOf(pathname: string): AsnDetailScope {
  if (pathname.startsWith(ASN_PAGES.jitList + '/')) return 'jit';
  if (pathname.startsWith(RETURN_ASN_PAGES.list + '/')) return 'return';
  if (pathname.startsWith(ASN_PAGES.reprocessList + '/')) return 'reprocess';
  return 'all';
}

function Header({ asn }: { asn: AsnDetail['asn'] }) {
  const canOpenGroup = useCanOpen(ASN_PAGES.groupDetail);
  const slot = asn.slot_date ? `${asn.slot_date} ${asn.shift_name ?? ''} (${asn.shift_start_time?.slice(0, 5) ?? ''}–${asn.shift_end_time?.slice(0, 5) ?? ''})` : null;
  return (
    <FactsCard
      testId="asn-header"
      facts={[
        [F.status, <FieldValue field={F.status} value={asn.status} />],
        [F.group_no, canOpenGroup
          ? <Anchor component={Link} to={ASN_PAGES.groupDetail} search={{ group_no: asn.group_no } as never}>{asn.group_no}</Anchor>
          : asn.group_no],
        [F.inbound_type, <FieldValue field={F.inbound_type} value={asn.inbound_type} />],
        [F.purchase_type, <FieldValue field={F.purchase_type} value={asn.purchase_type} />],
        [F.supplier_id, asn.supplier_id ? `${asn.supplier_id} · ${asn.supplier_name ?? ''}` : orPlaceholder(null)],
        [F.po_no, orPlaceholder(asn.po_no)],
        [F.source, <FieldValue field={F.source} value={asn.source} />],
        [jitField, <FieldValue field={jitField} value={asn.is_jit} />],
        [<Trans>Delivery Slot</Trans>, orPlaceholder(slot)],
        [F.expected_arrival_at, <FieldValue field={F.expected_arrival_at} value={asn.expected_arrival_at} />],
        [F.arrival_timeliness, <FieldValue field={F.arrival_timeliness} value={asn.arrival_timeliness} />],
        [F.expected_cartons, asn.expected_cartons],
        [F.total_expected_qty, asn.total_expected_qty],
        [<Trans>Created By</Trans>, orPlaceholder(asn.created_by)],
        [F.created_at, <FieldValue field={F.created_at} value={asn.created_at} />],
        [F.remark, orPlaceholder(asn.remark)],
        Boolean(asn.close_reason) && [F.close_reason, asn.close_reason],
      ]}
    />
  );
}

const R = returnOrderResource.fields;

/** A return ASN's facts beyond the ASN: what the order system told of the return, and its units as judged at return QC. */
function ReturnFacts({ asnNo }: { asnNo: string }) {
  const detail = useQuery(asnQueries.returnOrder(asnNo));
  if (!detail.data) return null;
  const o = detail.data.order;
  return (
    <>
      <Section title={<Trans>Return</Trans>} testId="asn-return">
        <Facts
          facts={[
          [R.return_order_no, o.return_order_no],
          [R.tracking_no, o.tracking_no],
          [R.return_reason, <FieldValue field={R.return_reason} value={o.return_reason} />],
          [R.sales_order_no, orPlaceholder(o.sales_order_no)],
          [R.buyer_name, orPlaceholder(o.buyer_name)],
          [R.shop_id, orPlaceholder(o.shop_id)],
          [R.source, <FieldValue field={R.source} value={o.source} />],
          ]}
        />
      </Section>
      <ReturnUnits units={detail.data.units} />
    </>
  );
}

/** Each returned unit as judged: condition, reason, where it goes (and the rule's, when overridden), or its dispute. */
function ReturnUnits({ units }: { units: readonly ReturnUnit[] }) {
  const { i18n } = useLingui();
  const label = (list: typeof RETURN_JUDGEMENT | typeof RETURN_INBOUND_CONDITION | typeof RETURN_INBOUND_REASON, value: number | null) => {
    const code = value === null ? undefined : list.label(value);
    return code ? i18n._(code) : '—';
  };
  return (
    <Section title={<Trans>Returned Units</Trans>} testId="asn-return-units">
      {units.length === 0 ? <NoData /> : (
        <Table.ScrollContainer minWidth={700}>
          <Table fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th><Table.Th><Trans>SKU</Trans></Table.Th><Table.Th><Trans>Condition</Trans></Table.Th>
                <Table.Th><Trans>Return reason</Trans></Table.Th><Table.Th><Trans>Judgement</Trans></Table.Th><Table.Th><Trans>Remark</Trans></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {units.map((u) => {
                const disputeNo = u.dispute_no;
                const ruleJudgement = label(RETURN_JUDGEMENT, u.rule_judgement);
                return (
                  <Table.Tr key={u.unit_no}>
                    <Table.Td>{u.unit_no}</Table.Td>
                    <Table.Td>{u.sku_id}</Table.Td>
                    <Table.Td>{label(RETURN_INBOUND_CONDITION, u.condition)}</Table.Td>
                    <Table.Td>{label(RETURN_INBOUND_REASON, u.return_reason)}</Table.Td>
                    <Table.Td>{disputeNo ? <Trans>Wrong item: dispute {disputeNo}</Trans> : label(RETURN_JUDGEMENT, u.judgement)}</Table.Td>
                    <Table.Td>
                      {u.override_reason && u.rule_judgement !== null && u.rule_judgement !== u.judgement
                        ? <Trans>Rule said {ruleJudgement}: {u.override_reason}</Trans>
                        : orPlaceholder(u.override_reason)}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

function Lines({ lines }: { lines: AsnDetail['lines'] }) {
  const { t } = useLingui();
  return (
    <Section title={<Trans>Lines</Trans>} testId="asn-lines">
      <Table.ScrollContainer minWidth={900}>
        <Table striped aria-label={t`Lines`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th><Trans>SKU ID</Trans></Table.Th>
              <Table.Th><Trans>SKU Name</Trans></Table.Th>
              <Table.Th><Trans>Expected</Trans></Table.Th>
              <Table.Th><Trans>Counted</Trans></Table.Th>
              <Table.Th><Trans>QC Passed</Trans></Table.Th>
              <Table.Th><Trans>QC Failed</Trans></Table.Th>
              <Table.Th><Trans>Received</Trans></Table.Th>
              <Table.Th><Trans>Put Away</Trans></Table.Th>
              <Table.Th><Trans>Lot</Trans></Table.Th>
              <Table.Th><Trans>Expiry Date</Trans></Table.Th>
              <Table.Th><Trans>Service</Trans></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l) => (
              <Table.Tr key={l.line_no}>
                <Table.Td>{l.line_no}</Table.Td>
                <Table.Td>{l.sku_id}</Table.Td>
                <Table.Td>{orPlaceholder(l.sku_name)}</Table.Td>
                <Table.Td>{l.expected_qty}</Table.Td>
                <Table.Td>{l.counted_qty}</Table.Td>
                <Table.Td>{l.qc_passed_qty}</Table.Td>
                <Table.Td>{l.qc_failed_qty}</Table.Td>
                <Table.Td>{l.received_qty}</Table.Td>
                <Table.Td>{l.putaway_qty}</Table.Td>
                <Table.Td>{orPlaceholder(l.batch_no)}</Table.Td>
                <Table.Td>{orPlaceholder(l.expiry_date)}</Table.Td>
                <Table.Td><FieldValue field={vasField} value={l.vas_kind} /></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Section>
  );
}

function TrackingIds({ boxes }: { boxes: AsnDetail['tracking_ids'] }) {
  const { t } = useLingui();
  return (
    <Section title={<Trans>Tracking IDs</Trans>} testId="asn-tracking-ids">
      {boxes.length === 0 ? <NoData /> : (
        <Table striped aria-label={t`Tracking IDs`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th><Trans>Tracking ID</Trans></Table.Th>
              <Table.Th><Trans>Status</Trans></Table.Th>
              <Table.Th><Trans>Cartons</Trans></Table.Th>
              <Table.Th><Trans>Arrived At</Trans></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {boxes.map((b) => (
              <Table.Tr key={b.tracking_id}>
                <Table.Td>{b.tracking_id}</Table.Td>
                <Table.Td><FieldValue field={boxStatusField} value={b.status} /></Table.Td>
                <Table.Td>{b.carton_qty}</Table.Td>
                <Table.Td><FieldValue field={F.arrived_at} value={b.arrived_at} /></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}

function History({ steps }: { steps: AsnDetail['history'] }) {
  return (
    <Section title={<Trans>Status History</Trans>} testId="asn-history">
      <Timeline active={steps.length - 1} bulletSize={14} lineWidth={2}>
        {steps.map((step) => (
          <Timeline.Item key={`${step.status}-${step.at}`} title={<FieldValue field={statusField} value={step.status} />}>
            <Text size="xs" c="dimmed"><FieldValue field={F.created_at} value={step.at} /></Text>
            {step.note && <Text size="sm">{step.note}</Text>}
          </Timeline.Item>
        ))}
      </Timeline>
    </Section>
  );
}

function Exceptions({ exceptions }: { exceptions: AsnDetail['exceptions'] }) {
  const { t } = useLingui();
  return (
    <Section title={<Trans>Inbound Exceptions</Trans>} testId="asn-exceptions">
      {exceptions.length === 0 ? <NoData /> : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped aria-label={t`Inbound Exceptions`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th><Trans>Exception No.</Trans></Table.Th>
                <Table.Th><Trans>Exception Type</Trans></Table.Th>
                <Table.Th><Trans>Reason</Trans></Table.Th>
                <Table.Th><Trans>SKU / Tracking ID</Trans></Table.Th>
                <Table.Th><Trans>Qty</Trans></Table.Th>
                <Table.Th><Trans>Status</Trans></Table.Th>
                <Table.Th><Trans>Handling Decision</Trans></Table.Th>
                <Table.Th><Trans>Reported At</Trans></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {exceptions.map((e) => (
                <Table.Tr key={e.exception_no}>
                  <Table.Td>{e.exception_no}</Table.Td>
                  <Table.Td><FieldValue field={exceptionTypeField} value={e.exception_type} /></Table.Td>
                  <Table.Td><FieldValue field={reasonField} value={e.reason} /></Table.Td>
                  <Table.Td>{orPlaceholder(e.sku_id ?? e.tracking_id)}</Table.Td>
                  <Table.Td>{e.qty}</Table.Td>
                  <Table.Td><FieldValue field={exceptionStatusField} value={e.status} /></Table.Td>
                  <Table.Td><FieldValue field={decisionField} value={e.handling_decision} /></Table.Td>
                  <Table.Td><FieldValue field={F.created_at} value={e.reported_at} /></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

/**
 * The ASN's actions its status allows (spec §4) and the user holds: mark in transit; cancel with a
 * reason before counting (its slot's quota is released); fail with a reason after counting began,
 * before anything is received (its open tasks and exceptions are cancelled).
 */
function Actions({ asn, onMoved }: { asn: AsnDetail['asn']; onMoved(): void }) {
  const { t } = useLingui();
  const { perms } = useSession();
  const [closing, setClosing] = useState<'cancel' | 'fail' | null>(null);
  const inTransit = useMutation({
    mutationFn: () => callApi(contract.markAsnInTransit, { asn_no: asn.asn_no }),
    onSuccess: () => {
      toast.success(t`Marked in transit`);
      onMoved();
    },
  });
  const status = asn.status as (typeof S)[keyof typeof S];
  const canTransit = canMove(ASN_LIFECYCLE, status, S.IN_TRANSIT) && perms.has('PC.Inbound.Order.Edit');
  const canCancel = canMove(ASN_LIFECYCLE, status, S.CANCELLED) && perms.has('PC.Inbound.Order.Cancel');
  const canFail = canMove(ASN_LIFECYCLE, status, S.FAILED) && perms.has('PC.Inbound.Order.Cancel');
  const asnNo = asn.asn_no;
  const close = closing === 'fail'
    ? {
      title: t`Fail ASN`, done: t`ASN failed`, call: contract.failAsn,
      explanation: <Trans>Fail ASN {asnNo}? Its inbound cannot go on: nothing of it is received, and its open tasks and exceptions are cancelled. A failed ASN cannot be reopened.</Trans>,
    }
    : {
      title: t`Cancel ASN`, done: t`ASN cancelled`, call: contract.cancelAsn,
      explanation: <Trans>Cancel ASN {asnNo}? Its delivery slot is released for other ASNs. A cancelled ASN cannot be reopened.</Trans>,
    };
  return (
    <Group gap="sm">
      {canTransit && (
        <Button variant="light" leftSection={<IconTruckDelivery size={16} aria-hidden />} loading={inTransit.isPending} onClick={() => inTransit.mutate()}>
          <Trans>Mark In Transit</Trans>
        </Button>
      )}
      {canCancel && (
        <Button color="red" variant="light" leftSection={<IconX size={16} aria-hidden />} onClick={() => setClosing('cancel')}>
          <Trans>Cancel ASN</Trans>
        </Button>
      )}
      {canFail && (
        <Button color="red" variant="light" leftSection={<IconX size={16} aria-hidden />} onClick={() => setClosing('fail')}>
          <Trans>Fail ASN</Trans>
        </Button>
      )}
      <ReasonDialog
        opened={closing !== null}
        title={close.title}
        explanation={close.explanation}
        maxLength={500}
        confirmLabel={close.title}
        confirmColor="red"
        onConfirm={async (reason) => {
          await callApi(close.call, { asn_no: asn.asn_no, reason }, { quiet: true });
          toast.success(close.done);
          setClosing(null);
          onMoved();
        }}
        onClose={() => setClosing(null)}
      />
    </Group>
  );
}

/**
 * /inbound/order/detail/$id (and the JIT ASN and reprocess order details): one ASN — its header,
 * lines with their progress, tracking ids, the status history and its inbound exceptions — and
 * the moves its status allows.
 */
export default function AsnDetailScreen() {
  const queryClient = useQueryClient();
  const { pathname, id, heading } = useRecordHeading('id');
  const scope = scopeOf(pathname);
  const detail = useQuery(asnQueries.detail(scope, id));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: asnQueries.all });
  if (!detail.data) {
    return <RecordPending heading={heading} id={id} error={detail.error} />;
  }
  const { asn, lines, tracking_ids: boxes, history, exceptions } = detail.data;
  return (
    <Stack gap="md" maw={1280}>
      <Group justify="space-between" align="center">
        <Title order={1} fz="h2">{heading}</Title>
        <Actions asn={asn} onMoved={refresh} />
      </Group>
      <Header asn={asn} />
      {scope === 'return' && <ReturnFacts asnNo={asn.asn_no} />}
      <Lines lines={lines} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <TrackingIds boxes={boxes} />
        <History steps={history} />
      </SimpleGrid>
      {(scope === 'reprocess' || exceptions.length > 0) && <Exceptions exceptions={exceptions} />}
    </Stack>
  );
}
