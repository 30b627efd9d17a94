import { useMemo, useState, type FormEvent } from 'react';
import { ActionIcon, Alert, Anchor, Button, Drawer, Group, Loader, Modal, NumberInput, Select, SimpleGrid, Stack, Table, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { TRANSFER_REQUEST_STATUS, TRANSIT_DIRECTION } from '../../../shared/codes';
import { MT_ORDER_PAGES } from '../../../shared/contract/mt-order.contract';
import { CANCEL_REASON_MAX, ORDER_LINES_MAX, ORDER_REMARK_MAX } from '../../../shared/contract/sales-order.contract';
import {
  TRANSFER_REQUEST_ACCESS, TRANSFER_REQUEST_PAGES, TRANSFER_REQUEST_QTY_MAX, transferRequestContract, type TransferRequest,
} from '../../../shared/contract/transfer-request.contract';
import { groupNumber } from '../../../shared/format';
import { transferRequestResource } from '../../../shared/resources/transfer-request.resource';
import { TRANSIT_PAGES } from '../../../shared/resources/transit.resource';
import { RET } from '../../../shared/retcodes';
import { requiredMessage } from '../../../shared/validation';
import { callApi, isApiError } from '../../kit/api';
import { FactsCard, Section, orPlaceholder } from '../../kit/record-parts';
import { ReasonDialog } from '../../kit/reason-dialog';
import { ListPage } from '../../kit/resource/resource-pages';
import { FieldValue } from '../../kit/resource/field-value';
import { toast } from '../../kit/toast';
import { useSession } from '../../kit/use-session';
import { useCanOpen } from '../../routes/use-access';
import { transferQueries } from './transfer.queries';

const F = transferRequestResource.fields;
const R = TRANSFER_REQUEST_STATUS.values;
type Row = Record<string, unknown>;
interface LineDraft { key: number; sku_id: string; qty: number | string }

let lineKeys = 0;
const emptyLine = (): LineDraft => ({ key: ++lineKeys, sku_id: '', qty: 1 });

/** Raise a request: the warehouse asked, when the stock is needed, and the SKUs (by the source's codes) with their units. */
function RaiseForm({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useLingui();
  const sources = useQuery(transferQueries.sources());
  const [source, setSource] = useState<string | null>(null);
  const [neededBy, setNeededBy] = useState<string | null>(null);
  const [remark, setRemark] = useState('');
  const [lines, setLines] = useState<LineDraft[]>(() => [emptyLine()]);
  const [touched, setTouched] = useState(false);
  const lineOk = (l: LineDraft) => l.sku_id.trim() !== '' && Number.isInteger(Number(l.qty)) && Number(l.qty) >= 1 && Number(l.qty) <= TRANSFER_REQUEST_QTY_MAX;
  const ready = source !== null && lines.length > 0 && lines.every(lineOk);
  const save = useMutation({
    mutationFn: () => callApi(transferRequestContract.createTransferRequest, {
      source_whs_id: source!, needed_by: neededBy, remark: remark.trim() === '' ? null : remark.trim(),
      lines: lines.map((l) => ({ sku_id: l.sku_id.trim(), qty: Number(l.qty) })),
    }, { noErrorCodes: [RET.BAD_INPUT] }),
    onSuccess: (request) => {
      const no = request.request_no;
      toast.success(t`Transfer request ${no} raised`);
      onDone();
    },
  });
  const refusal = save.error && isApiError(save.error) ? save.error.message : null;
  const sourceLabel = i18n._(F.source_whs_id.label);
  const setLine = (key: number, change: Partial<LineDraft>) => {
    save.reset();
    setLines((all) => all.map((l) => (l.key === key ? { ...l, ...change } : l)));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (ready) save.mutate();
  };
  return (
    <form onSubmit={submit} noValidate data-testid="transfer-request-form">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={sourceLabel} required searchable allowDeselect={false} value={source} data-testid="transfer-request-source"
            rightSection={sources.isPending ? <Loader size="xs" /> : undefined}
            data={(sources.data?.list ?? []).map((w) => ({ value: w.whs_id, label: `${w.whs_id} · ${w.whs_name}` }))}
            onChange={(v) => { save.reset(); setSource(v); }}
            error={touched && source === null ? i18n._(requiredMessage(sourceLabel, 'select')) : null}
          />
          <DatePickerInput label={i18n._(F.needed_by.label)} value={neededBy} onChange={(v) => setNeededBy(v)} valueFormat="YYYY-MM-DD" clearable popoverProps={{ withinPortal: true }} />
        </SimpleGrid>
        <Textarea label={<Trans>Remark</Trans>} maxLength={ORDER_REMARK_MAX} autosize minRows={1} value={remark} onChange={(e) => setRemark(e.currentTarget.value)} />
        <Table aria-label={t`Lines`} data-testid="transfer-request-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th><Trans>SKU ID</Trans></Table.Th>
              <Table.Th w={160}><Trans>Qty</Trans></Table.Th>
              <Table.Th w={48} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l, i) => (
              <Table.Tr key={l.key}>
                <Table.Td>
                  <TextInput aria-label={t`SKU ID of line ${i + 1}`} value={l.sku_id} maxLength={100} onChange={(e) => setLine(l.key, { sku_id: e.currentTarget.value })}
                    error={touched && l.sku_id.trim() === '' ? i18n._(requiredMessage(t`SKU ID`, 'input')) : null} />
                </Table.Td>
                <Table.Td>
                  <NumberInput aria-label={t`Qty of line ${i + 1}`} value={l.qty} min={1} max={TRANSFER_REQUEST_QTY_MAX} allowDecimal={false} allowNegative={false}
                    onChange={(v) => setLine(l.key, { qty: v })} error={touched && !lineOk(l) && l.sku_id.trim() !== '' ? t`1 to ${TRANSFER_REQUEST_QTY_MAX}` : null} />
                </Table.Td>
                <Table.Td>
                  <ActionIcon variant="subtle" color="red" aria-label={t`Remove line ${i + 1}`} disabled={lines.length === 1}
                    onClick={() => setLines((all) => all.filter((o) => o.key !== l.key))}>
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="space-between">
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} disabled={lines.length >= ORDER_LINES_MAX} onClick={() => setLines((all) => [...all, emptyLine()])}>
            <Trans>Add line</Trans>
          </Button>
          <Group>
            <Button variant="default" onClick={onDone}><Trans>Cancel</Trans></Button>
            <Button type="submit" loading={save.isPending}><Trans>Confirm</Trans></Button>
          </Group>
        </Group>
        {refusal && <Alert color="red" data-testid="transfer-request-refusal">{refusal}</Alert>}
      </Stack>
    </form>
  );
}

/** A request's detail: both warehouses, its status and decision, its MT order and shipment, its lines. */
function RequestDetail({ request }: { request: TransferRequest }) {
  const { t } = useLingui();
  const canOpenOrder = useCanOpen(MT_ORDER_PAGES.detail);
  const canOpenShipment = useCanOpen(TRANSIT_PAGES.taskDetail);
  const canOpenTask = useCanOpen(TRANSFER_REQUEST_PAGES.taskDetail);
  // The MT order is the source's: only the source opens it.
  const incoming = request.direction === TRANSIT_DIRECTION.values.INCOMING;
  const order = request.mt_order_no;
  return (
    <Stack gap="md">
      <FactsCard
        testId="transfer-request-facts"
        facts={[
          [F.status, <FieldValue field={F.status} value={request.status} />],
          [F.direction, <FieldValue field={F.direction} value={request.direction} />],
          [F.requester_whs_id, request.requester_whs_id],
          [F.source_whs_id, request.source_whs_id],
          [F.needed_by, orPlaceholder(request.needed_by)],
          [F.mt_order_no, order && incoming && canOpenTask
            ? <Anchor component={Link} to={TRANSFER_REQUEST_PAGES.taskDetail} params={{ id: order } as never}>{order}</Anchor>
            : order && incoming && canOpenOrder
              ? <Anchor component={Link} to={MT_ORDER_PAGES.detail} search={{ order_no: order } as never}>{order}</Anchor>
              : orPlaceholder(order)],
          [<Trans>Shipment No.</Trans>, request.shipment_no && canOpenShipment
            ? <Anchor component={Link} to={TRANSIT_PAGES.taskDetail} params={{ id: request.shipment_no } as never}>{request.shipment_no}</Anchor>
            : orPlaceholder(request.shipment_no)],
          [F.remark, orPlaceholder(request.remark)],
          [<Trans>Created By</Trans>, orPlaceholder(request.created_by_name)],
          [<Trans>Decided By</Trans>, orPlaceholder(request.decided_by_name)],
          request.reject_reason !== null && [F.reject_reason, request.reject_reason],
          request.cancel_reason !== null && [<Trans>Cancel Reason</Trans>, request.cancel_reason],
        ]}
      />
      <Section title={<Trans>Lines</Trans>} testId="transfer-request-detail-lines">
        <Table striped aria-label={t`Lines`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th><Trans>SKU ID</Trans></Table.Th>
              <Table.Th><Trans>SKU Name</Trans></Table.Th>
              <Table.Th ta="right"><Trans>Qty</Trans></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {request.lines.map((l) => (
              <Table.Tr key={l.line_no}>
                <Table.Td>{l.line_no}</Table.Td>
                <Table.Td ff="monospace">{l.sku_id}</Table.Td>
                <Table.Td>{orPlaceholder(l.sku_name)}</Table.Td>
                <Table.Td ta="right">{groupNumber(l.qty)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
    </Stack>
  );
}

type Decision = { kind: 'reject' | 'cancel'; requestNo: string } | null;

/**
 * /transfer/transferRequest/request: the derived list of this warehouse's transfer requests, both
 * directions (filters, status tags, export), with Raise Request, a detail drawer, and the decisions
 * the row allows: the source accepts (making its MT order) or rejects an incoming request; the
 * requester cancels an outgoing one not yet decided.
 */
export default function TransferRequestListScreen() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [raising, setRaising] = useState(false);
  const [open, setOpen] = useState('');
  const [decision, setDecision] = useState<Decision>(null);
  const canRaise = useSession().perms.has(TRANSFER_REQUEST_ACCESS.create.perm);
  const detail = useQuery(transferQueries.request(open));
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['resource'] });
    void queryClient.invalidateQueries({ queryKey: transferQueries.all });
  };
  const accept = useMutation({
    mutationFn: (requestNo: string) => callApi(transferRequestContract.acceptTransferRequest, { request_no: requestNo }),
    onSuccess: (request) => {
      const no = request.request_no;
      const order = request.mt_order_no ?? '';
      toast.success(t`Transfer request ${no} accepted: MT order ${order} waits for approval`);
      refresh();
    },
  });
  const decide = async (reason: string) => {
    if (!decision) return;
    const input = { request_no: decision.requestNo, reason };
    await callApi(decision.kind === 'reject' ? transferRequestContract.rejectTransferRequest : transferRequestContract.cancelTransferRequest, input);
    toast.success(decision.kind === 'reject' ? t`Transfer request ${input.request_no} rejected` : t`Transfer request ${input.request_no} cancelled`);
    setDecision(null);
    refresh();
  };
  const requested = (direction: number) => (row: Row) => row.status === R.REQUESTED && row.direction === direction;
  const extras = useMemo(() => ({
    actions: canRaise && (
      <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setRaising(true)} data-testid="transfer-request-raise">
        <Trans>Raise Request</Trans>
      </Button>
    ),
    rowActions: [
      { label: t`Detail`, onClick: (row: Row) => setOpen(String(row.request_no)) },
      { label: t`Accept`, permission: TRANSFER_REQUEST_ACCESS.decide.perm, visible: requested(TRANSIT_DIRECTION.values.INCOMING), onClick: (row: Row) => accept.mutate(String(row.request_no)) },
      { label: t`Reject`, color: 'red', permission: TRANSFER_REQUEST_ACCESS.decide.perm, visible: requested(TRANSIT_DIRECTION.values.INCOMING),
        onClick: (row: Row) => setDecision({ kind: 'reject', requestNo: String(row.request_no) }) },
      { label: t`Cancel`, color: 'red', permission: TRANSFER_REQUEST_ACCESS.create.perm, visible: requested(TRANSIT_DIRECTION.values.OUTGOING),
        onClick: (row: Row) => setDecision({ kind: 'cancel', requestNo: String(row.request_no) }) },
    ],
  }), [t, accept, canRaise]);
  return (
    <>
      <ListPage def={transferRequestResource} extras={extras} />
      <Modal opened={raising} onClose={() => setRaising(false)} title={t`Raise Request`} size="lg">
        {raising && <RaiseForm onDone={() => { setRaising(false); refresh(); }} />}
      </Modal>
      <Drawer opened={open !== ''} onClose={() => setOpen('')} position="right" size="xl" title={t`Transfer Request ${open}`}>
        {detail.data ? <RequestDetail request={detail.data} /> : detail.isError ? <Alert color="red">{detail.error.message}</Alert> : <Loader aria-label={t`Loading`} />}
      </Drawer>
      <ReasonDialog
        opened={decision !== null}
        title={decision?.kind === 'reject' ? t`Reject Transfer Request` : t`Cancel Transfer Request`}
        explanation={decision?.kind === 'reject'
          ? <Trans>The requesting warehouse sees the request rejected with your reason. This is final.</Trans>
          : <Trans>The source warehouse will no longer be asked for this stock. This is final.</Trans>}
        maxLength={CANCEL_REASON_MAX}
        confirmLabel={decision?.kind === 'reject' ? <Trans>Reject</Trans> : <Trans>Cancel Request</Trans>}
        confirmColor="red"
        onConfirm={decide}
        onClose={() => setDecision(null)}
      />
    </>
  );
}
