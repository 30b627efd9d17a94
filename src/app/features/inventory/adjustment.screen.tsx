import { useState } from 'react';
import { Alert, Anchor, Button, Group, Modal, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { INVENTORY_ADJUSTMENT_DIRECTION, INVENTORY_ADJUSTMENT_STATUS, QUALITY, type CodeList } from '../../../shared/codes';
import { EMPTY_PLACEHOLDER } from '../../../shared/constants';
import { contract, type OutputOf } from '../../../shared/contract';
import { ADJUSTMENT_CLOSE_REASON_MAX } from '../../../shared/contract/adjustment.contract';
import { ADJUSTMENT_LIFECYCLE, canMove } from '../../../shared/lifecycles';
import { groupNumber } from '../../../shared/format';
import { adjustmentResource } from '../../../shared/resources/adjustment.resource';
import { derivePerm } from '../../../shared/routes/derive';
import { callApi, isApiError } from '../../kit/api';
import { ReasonDialog } from '../../kit/reason-dialog';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { FieldValue } from '../../kit/resource/field-value';
import { useSearchParam } from '../../kit/search-param';
import { useSession } from '../../kit/use-session';
import { toast } from '../../kit/toast';
import { FactsCard, orPlaceholder } from '../../kit/record-parts';
import { routeAt } from '../../routes/access';
import { useCanOpen } from '../../routes/use-access';

type Detail = OutputOf<typeof contract.getAdjustmentDetail>;
type Status = Detail['status'];

const J = INVENTORY_ADJUSTMENT_STATUS.values;
const LIST = '/inventorymanage/adjust';
const VIEW = '/inventorymanage/adjust/view';
const APPROVE = '/inventorymanage/adjust/approve';
const ADJUST = '/inventorymanage/adjust/adjust';

/** What each page of an adjustment is for: reading it and its creator's steps, deciding on it, or posting it. */
type Mode = 'view' | 'approve' | 'adjust';
const MODE_OF: Readonly<Record<string, Mode>> = { [VIEW]: 'view', [APPROVE]: 'approve', [ADJUST]: 'adjust' };

const may = (from: Status, to: Status) => canMove(ADJUSTMENT_LIFECYCLE, from, to);
const fields = adjustmentResource.fields;

/** The adjustment's lines: where, what, which way, how much, and its balance's on hand then and now. */
function Lines({ detail }: { detail: Detail }) {
  const { t, i18n } = useLingui();
  const label = (codes: CodeList, value: number) => {
    const found = codes.label(value);
    return found ? i18n._(found) : String(value);
  };
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped aria-label={t`Adjustment lines`} data-testid="adjustment-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>{t`Location`}</Table.Th>
            <Table.Th>{t`SKU ID`}</Table.Th>
            <Table.Th>{t`SKU Name`}</Table.Th>
            <Table.Th>{t`Batch ID`}</Table.Th>
            <Table.Th>{t`Quality`}</Table.Th>
            <Table.Th>{t`Direction`}</Table.Th>
            <Table.Th ta="right">{t`Qty`}</Table.Th>
            <Table.Th ta="right">{t`On Hand at Creation`}</Table.Th>
            <Table.Th ta="right">{t`On Hand Now`}</Table.Th>
            <Table.Th ta="right">{t`Available Now`}</Table.Th>
            <Table.Th>{t`Transaction ID`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {detail.lines.map((line) => (
            <Table.Tr key={line.line_no}>
              <Table.Td>{line.line_no}</Table.Td>
              <Table.Td>{line.location_id}</Table.Td>
              <Table.Td>{line.sku_id}</Table.Td>
              <Table.Td>{line.sku_name}</Table.Td>
              <Table.Td>{line.batch_id}</Table.Td>
              <Table.Td>{label(QUALITY, line.quality)}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={600} c={line.direction === INVENTORY_ADJUSTMENT_DIRECTION.values.ADDITION ? 'teal' : 'orange'}>
                  {label(INVENTORY_ADJUSTMENT_DIRECTION, line.direction)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{groupNumber(line.qty)}</Table.Td>
              <Table.Td ta="right">{groupNumber(line.onhand_at_create)}</Table.Td>
              <Table.Td ta="right" data-testid={`onhand-now-${line.line_no}`}>{groupNumber(line.onhand_qty)}</Table.Td>
              <Table.Td ta="right">{groupNumber(line.available_qty)}</Table.Td>
              <Table.Td>{line.txn_id ?? EMPTY_PLACEHOLDER}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface ActionsProps {
  a: Detail;
  mode: Mode;
  pending: boolean;
  isCreator: boolean;
  createPerm: boolean;
  canApprovePage: boolean;
  mayAdjust: boolean;
  run(call: () => Promise<Detail>): void;
  onClose(kind: 'reject' | 'cancel'): void;
  onAdjust(): void;
}

/** The steps the page and the adjustment's status allow this user. */
function AdjustmentActions({ a, mode, pending, isCreator, createPerm, canApprovePage, mayAdjust, run, onClose, onAdjust }: ActionsProps) {
  return (
    <Group gap="sm" data-testid="adjustment-actions">
      {mode === 'view' && createPerm && may(a.status, J.PENDING) && (
        <Button loading={pending} onClick={() => run(() => callApi(contract.submitAdjustment, { adjust_no: a.adjust_no }))}>
          <Trans>Submit for Approval</Trans>
        </Button>
      )}
      {mode === 'view' && canApprovePage && a.status === J.PENDING && (
        <Button component={Link} to={APPROVE} search={{ adjust_no: a.adjust_no } as never} variant="light"><Trans>Approve Adjustment</Trans></Button>
      )}
      {mode === 'view' && mayAdjust && a.status === J.APPROVED && (
        <Button component={Link} to={ADJUST} search={{ adjust_no: a.adjust_no } as never} variant="light"><Trans>Adjust Inventory</Trans></Button>
      )}
      {mode === 'view' && createPerm && may(a.status, J.CANCEL) && (
        <Button color="red" variant="default" onClick={() => onClose('cancel')}><Trans>Cancel Adjustment</Trans></Button>
      )}
      {mode === 'approve' && a.status === J.PENDING && (isCreator ? (
        <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
          <Trans>You created this adjustment: another approver must approve or reject it.</Trans>
        </Alert>
      ) : (
        <>
          <Button leftSection={<IconCheck size={16} aria-hidden />} loading={pending}
            onClick={() => run(() => callApi(contract.approveAdjustment, { adjust_no: a.adjust_no }))}>
            <Trans>Approve</Trans>
          </Button>
          <Button color="red" variant="light" onClick={() => onClose('reject')}><Trans>Reject</Trans></Button>
        </>
      ))}
      {mode === 'approve' && a.status !== J.PENDING && (
        <Text c="dimmed" size="sm"><Trans>Only a pending adjustment is approved or rejected.</Trans></Text>
      )}
      {mode === 'adjust' && (a.status !== J.APPROVED ? (
        <Text c="dimmed" size="sm"><Trans>Only an approved adjustment is posted to the inventory.</Trans></Text>
      ) : mayAdjust ? (
        <Button loading={pending} onClick={onAdjust}><Trans>Adjust Inventory</Trans></Button>
      ) : (
        <MissingPermissionNote access={contract.adjustInventory.access} />
      ))}
    </Group>
  );
}

/**
 * An adjustment (spec §2 /inventorymanage/adjust view, approve, adjust): its header and lines, and
 * the steps the page and its status allow — on the view page submit and cancel, on the approve page
 * approve and reject (by someone other than its creator), on the adjust page posting it through the
 * ledger. Each page opens by `?adjust_no=`.
 */
export default function AdjustmentScreen() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const { perms, user } = useSession();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const mode = MODE_OF[Object.keys(MODE_OF).find((page) => pathname.endsWith(page)) ?? VIEW] ?? 'view';
  const adjustNo = useSearchParam('adjust_no') ?? '';
  const canApprovePage = useCanOpen(APPROVE);
  // The adjust page shows an approved adjustment; posting it needs the page's Action permission.
  const canAdjustPage = useCanOpen(ADJUST);
  const mayPost = useMayCall(contract.adjustInventory.access);
  const mayAdjust = canAdjustPage && mayPost;
  const [closing, setClosing] = useState<'reject' | 'cancel' | null>(null);
  const [confirmAdjust, setConfirmAdjust] = useState(false);
  const queryKey = ['adjustment', adjustNo];
  const detail = useQuery({
    queryKey,
    queryFn: ({ signal }) => callApi(contract.getAdjustmentDetail, { adjust_no: adjustNo }, { signal }),
    enabled: adjustNo !== '',
  });
  const refresh = async (next?: Detail) => {
    if (next) queryClient.setQueryData(queryKey, next);
    await queryClient.invalidateQueries({ queryKey: ['resource', adjustmentResource.name] });
    await queryClient.invalidateQueries({ queryKey });
  };
  const step = useMutation({
    mutationFn: (run: () => Promise<Detail>) => run(),
    onSuccess: async (next) => {
      toast.success(t`Saved`);
      await refresh(next);
    },
    // A failed adjustment is recorded as Fail: the page shows it with its reason.
    onError: async (error) => {
      if (isApiError(error)) await refresh();
    },
  });
  const title = routeAt(Object.keys(MODE_OF).find((page) => MODE_OF[page] === mode) ?? VIEW);
  const a = detail.data;
  const isCreator = a !== undefined && a.created_by_id === user.user_id;
  const createPerm = perms.has(derivePerm('/inventorymanage/adjust/create'));
  const label = t`Reason`;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor component={Link} to={LIST} size="sm">
          <Group gap={4}><IconArrowLeft size={14} aria-hidden /><Trans>Inventory Adjustment</Trans></Group>
        </Anchor>
        <Group gap="sm">
          <Title order={1} fz="h2">{title ? i18n._(title.title) : t`Adjustment Detail`}: {adjustNo}</Title>
          {a && <FieldValue field={fields.status} value={a.status} />}
        </Group>
      </Stack>
      {detail.isError && (
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />}><Trans>The adjustment could not be read.</Trans></Alert>
      )}
      {!a && detail.isPending && <Skeleton h={160} />}
      {a && (
        <>
          <FactsCard facts={[
            [fields.reason, <FieldValue field={fields.reason} value={a.reason} />],
            [fields.addition_qty, groupNumber(a.addition_qty)],
            [fields.deduction_qty, groupNumber(a.deduction_qty)],
            [fields.remark, orPlaceholder(a.remark)],
            [fields.created_by, orPlaceholder(a.created_by)],
            [fields.created_at, <FieldValue field={fields.created_at} value={a.created_at} />],
            [fields.approved_by, orPlaceholder(a.approved_by)],
            [fields.approved_at, <FieldValue field={fields.approved_at} value={a.approved_at} />],
            [t`Adjusted By`, orPlaceholder(a.adjusted_by)],
            [fields.adjusted_at, <FieldValue field={fields.adjusted_at} value={a.adjusted_at} />],
            !!a.close_reason && [fields.close_reason, <Text c="red" size="sm" data-testid="close-reason">{a.close_reason}</Text>],
          ]} />

          <AdjustmentActions
            a={a} mode={mode} pending={step.isPending} isCreator={isCreator} createPerm={createPerm} canApprovePage={canApprovePage} mayAdjust={mayAdjust}
            run={(call) => step.mutate(call)} onClose={setClosing} onAdjust={() => setConfirmAdjust(true)}
          />

          <Lines detail={a} />
        </>
      )}

      <ReasonDialog
        opened={closing !== null}
        title={closing === 'reject' ? t`Reject Adjustment` : t`Cancel Adjustment`}
        explanation={closing === 'reject'
          ? t`The adjustment is rejected and will not change the inventory.`
          : t`The adjustment is cancelled and will not change the inventory.`}
        validate={(reason) => (reason === '' ? t`Please Input ${label}` : null)}
        maxLength={ADJUSTMENT_CLOSE_REASON_MAX}
        confirmLabel={closing === 'reject' ? t`Reject` : t`Cancel Adjustment`}
        confirmColor="red"
        onClose={() => setClosing(null)}
        onConfirm={async (reason) => {
          if (!a) return;
          const next = closing === 'reject'
            ? await callApi(contract.rejectAdjustment, { adjust_no: a.adjust_no, reason })
            : await callApi(contract.cancelAdjustment, { adjust_no: a.adjust_no, reason });
          setClosing(null);
          toast.success(t`Saved`);
          await refresh(next);
        }}
      />
      <Modal opened={confirmAdjust} onClose={() => setConfirmAdjust(false)} title={t`Adjust Inventory`} centered>
        <Stack>
          <Text size="sm">
            <Trans>The lines are posted to the inventory now: deductions take units out, additions put them in. This cannot be undone.</Trans>
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmAdjust(false)}><Trans context="button">Cancel</Trans></Button>
            <Button
              loading={step.isPending}
              onClick={() => {
                setConfirmAdjust(false);
                if (a) step.mutate(() => callApi(contract.adjustInventory, { adjust_no: a.adjust_no }));
              }}
            >
              <Trans>Confirm</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
