import { useState } from 'react';
import { Alert, Anchor, Button, Group, Modal, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { CC_DIFF_STATUS } from '../../../shared/codes';
import { contract } from '../../../shared/contract';
import { CC_ACCESS, CC_PAGES } from '../../../shared/contract/cycle-count.contract';
import { groupNumber } from '../../../shared/format';
import { ccDiffOrderResource } from '../../../shared/resources/cycle-count.resource';
import { callApi } from '../../kit/api';
import { useMayCall } from '../../kit/permitted';
import { ReasonDialog } from '../../kit/reason-dialog';
import { FactsCard, NoData, Section, orPlaceholder } from '../../kit/record-parts';
import { useRecordHeading } from '../../kit/record-heading';
import { RecordPending } from '../../kit/record-pending';
import { FieldValue } from '../../kit/resource/field-value';
import { toast } from '../../kit/toast';
import { useCanOpen } from '../../routes/use-access';
import { pageAt } from './cycle-count-form';
import { resultField } from './cycle-count-fields';
import { ccQueries } from './cycle-count.queries';

const F = ccDiffOrderResource.fields;
const D = CC_DIFF_STATUS.values;
/** The adjustment an approval makes (spec §2 /inventorymanage/adjust/view?adjust_no=). */
const ADJUSTMENT_VIEW = '/inventorymanage/adjust/view';

/**
 * A difference order (spec §2 /inventorymanage/cc/difforder/$order_id and …/approve, and the fsc
 * pages): the lines whose count differs from the book, with the units reserved there for picks and,
 * once approved, what was adjusted. On the approve page a pending one is approved with a remark
 * (an inventory adjustment is made and posted), rejected with a reason, or counted again.
 */
export default function CycleCountDiffScreen() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { id: diffNo, heading, pathname } = useRecordHeading('order_id');
  const fsc = pathname.includes('/inventorymanage/fsc/');
  const approvePage = pathname.endsWith('/approve');
  const mayApprove = useMayCall(fsc ? CC_ACCESS.fscApprove : CC_ACCESS.approve);
  const canOpenApprove = useCanOpen(fsc ? CC_PAGES.fscDiffApprove : CC_PAGES.diffApprove);
  const canSecondCount = useCanOpen(CC_PAGES.secondCount);
  const canOpenAdjustment = useCanOpen(ADJUSTMENT_VIEW);
  const orderPage = fsc ? CC_PAGES.fscOrderView : CC_PAGES.orderView;
  const [approving, setApproving] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [remark, setRemark] = useState('');
  const detail = useQuery(ccQueries.diff(diffNo));
  const refresh = () => queryClient.invalidateQueries({ queryKey: ccQueries.all });
  const approve = useMutation({
    mutationFn: () => callApi(contract.approveCcDiffOrder, { diff_no: diffNo, remark: remark.trim() }),
    onSuccess: async () => {
      setApproving(false);
      toast.success(t`Approved`);
      await refresh();
    },
  });
  if (!detail.data) return <RecordPending heading={heading} id={diffNo} error={detail.error} />;
  const d = detail.data;
  const pending = d.status === D.PENDING;
  const adjustment = d.adjust_no && (canOpenAdjustment
    ? <Anchor component={Link} to={ADJUSTMENT_VIEW} search={{ adjust_no: d.adjust_no } as never} size="sm" data-testid="cc-diff-adjustment">{d.adjust_no}</Anchor>
    : d.adjust_no);

  return (
    <Stack gap="lg" maw={1400}>
      <Group gap="sm">
        <Title order={1} fz="h2">{heading}</Title>
        <FieldValue field={F.status} value={d.status} />
      </Group>
      {d.status === D.APPROVED && (
        <Alert color="teal" icon={<IconCheck size={18} aria-hidden />} data-testid="cc-diff-approved">
          {d.adjust_no
            ? <Text size="sm"><Trans>Approved: the stock was adjusted by inventory adjustment</Trans> {adjustment}.</Text>
            : <Text size="sm"><Trans>Approved: the lines matched the book when judged again, so nothing was adjusted.</Trans></Text>}
        </Alert>
      )}
      <FactsCard
        testId="cc-diff-facts"
        facts={[
          [F.order_no, <Anchor component={Link} to={orderPage} search={{ order_no: d.order_no } as never} size="sm">{d.order_no}</Anchor>],
          [F.round, `${d.round} / ${d.max_rounds}`],
          [F.line_count, groupNumber(d.line_count)],
          [F.surplus_qty, groupNumber(d.surplus_qty)],
          [F.missing_qty, groupNumber(d.missing_qty)],
          [F.adjust_no, adjustment || orPlaceholder(null)],
          [F.approved_by, orPlaceholder(d.approved_by)],
          [F.approved_at, <FieldValue field={F.approved_at} value={d.approved_at} />],
          [F.created_at, <FieldValue field={F.created_at} value={d.created_at} />],
          // An approval's remark is a note; a rejection's reason is the warning.
          !!d.close_reason && (d.status === D.APPROVED
            ? [t`Remark`, <Text size="sm">{d.close_reason}</Text>]
            : [t`Reason`, <Text size="sm" c={d.status === D.REJECTED ? 'red' : undefined}>{d.close_reason}</Text>]),
        ]}
      />
      {pending && (
        <Group gap="sm" data-testid="cc-diff-actions">
          {!approvePage && canOpenApprove && (
            <Button component={Link} to={pageAt(fsc ? CC_PAGES.fscDiffApprove : CC_PAGES.diffApprove, d.diff_no)} variant="light">
              <Trans>Approve Difference</Trans>
            </Button>
          )}
          {approvePage && mayApprove && (
            <>
              <Button leftSection={<IconCheck size={16} aria-hidden />} onClick={() => setApproving(true)} data-testid="cc-diff-approve"><Trans>Approve</Trans></Button>
              <Button color="red" variant="light" onClick={() => setRejecting(true)}><Trans>Reject</Trans></Button>
            </>
          )}
          {!fsc && canSecondCount && d.round < d.max_rounds && (
            <Button component={Link} to={CC_PAGES.secondCount} search={{ order_no: d.order_no } as never} variant="default">
              <Trans>Count Again</Trans>
            </Button>
          )}
          {approvePage && !mayApprove && (
            <Text size="sm" c="dimmed"><Trans>Approving a difference needs the approve permission of this page.</Trans></Text>
          )}
        </Group>
      )}
      {approvePage && !pending && (
        <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />}><Trans>Only a pending difference order is approved or rejected.</Trans></Alert>
      )}
      <Section title={<Trans>Lines</Trans>} testId="cc-diff-lines">
        <Table.ScrollContainer minWidth={1000}>
          <Table striped aria-label={t`Lines`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`Location`}</Table.Th><Table.Th>{t`Zone`}</Table.Th><Table.Th>{t`SKU ID`}</Table.Th><Table.Th>{t`SKU Name`}</Table.Th>
                <Table.Th ta="right">{t`Book`}</Table.Th><Table.Th ta="right">{t`Counted`}</Table.Th><Table.Th>{t`Result`}</Table.Th>
                <Table.Th ta="right">{t`Reserved for Picks`}</Table.Th><Table.Th ta="right">{t`Adjusted Qty`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.lines.map((line) => (
                <Table.Tr key={`${line.location_id}/${line.sku_id}`}>
                  <Table.Td>{line.location_id}</Table.Td><Table.Td>{line.zone_id}</Table.Td><Table.Td>{line.sku_id}</Table.Td><Table.Td>{line.sku_name}</Table.Td>
                  <Table.Td ta="right">{groupNumber(line.book_qty)}</Table.Td><Table.Td ta="right">{groupNumber(line.counted_qty)}</Table.Td>
                  <Table.Td><FieldValue field={resultField} value={line.result} /></Table.Td>
                  <Table.Td ta="right">{groupNumber(line.reserved_qty)}</Table.Td>
                  <Table.Td ta="right">{line.adjust_qty === null ? orPlaceholder(null) : groupNumber(line.adjust_qty)}</Table.Td>
                </Table.Tr>
              ))}
              {d.lines.length === 0 && <Table.Tr><Table.Td colSpan={9}><NoData /></Table.Td></Table.Tr>}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>

      <Modal opened={approving} onClose={() => setApproving(false)} title={t`Approve Difference`} centered>
        <Stack>
          <Text size="sm">
            <Trans>Each line is judged again against the book reconciled to its count, and an inventory adjustment is made and posted for what still differs (a shortage spares units reserved for open picks). This cannot be undone.</Trans>
          </Text>
          <Textarea label={t`Remark`} maxLength={500} autosize minRows={2} value={remark} onChange={(e) => setRemark(e.currentTarget.value)} data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setApproving(false)}><Trans context="button">Cancel</Trans></Button>
            <Button loading={approve.isPending} onClick={() => approve.mutate()} data-testid="cc-diff-approve-confirm"><Trans>Approve</Trans></Button>
          </Group>
        </Stack>
      </Modal>
      <ReasonDialog
        opened={rejecting}
        title={t`Reject Difference`}
        explanation={t`The book stands and nothing is adjusted; the difference order is closed.`}
        maxLength={500}
        confirmLabel={t`Reject`}
        confirmColor="red"
        onClose={() => setRejecting(false)}
        onConfirm={async (reason) => {
          await callApi(contract.rejectCcDiffOrder, { diff_no: d.diff_no, reason });
          setRejecting(false);
          toast.success(t`Rejected`);
          await refresh();
        }}
      />
    </Stack>
  );
}
