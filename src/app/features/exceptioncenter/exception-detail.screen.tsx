import { useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { INBOUND_EXCEPTION_STATUS, INBOUND_HANDLING_DECISION } from '../../../shared/codes';
import { contract } from '../../../shared/contract';
import type { EndpointDef, OutputOf } from '../../../shared/contract/define';
import { DECISION_EFFECTS, HANDLING_DECISIONS_BY_TYPE, type DecisionEffect, type ExceptionType, type HandlingDecision } from '../../../shared/inbound-exception';
import { canMove, INBOUND_EXCEPTION_LIFECYCLE } from '../../../shared/lifecycles';
import { EXCEPTION_REMARK_MAX, INBOUND_EXCEPTION_PAGES, inboundExceptionResource } from '../../../shared/resources/inbound-exception.resource';
import { callApi } from '../../kit/api';
import { ResourceForm } from '../../kit/resource/resource-form';
import { useSearchParam } from '../../kit/search-param';
import { toast } from '../../kit/toast';
import { routeAt } from '../../routes/access';
import { useCanOpen } from '../../routes/use-access';

/**
 * Exception Center › troubleshoot task detail and handle pages (spec §2): one screen. The detail
 * is the exception resource's, read-only; with the handle permission it offers Handle, and the
 * handle page the steps its status allows (spec §4: check, BD confirm with a handling decision,
 * done, cancel with a reason), saying what the chosen decision will do with the units.
 */

type Row = OutputOf<typeof contract.getInboundExceptionDetail>;

/** What carrying out a decision does (shared/inbound-exception.ts DECISION_EFFECTS), said before the handler confirms it. */
const EFFECT_TEXT: Record<DecisionEffect, MessageDescriptor> = {
  putaway: msg`The units go on to putaway.`,
  labelling: msg`A labelling task relabels the units on the Reprocess screen; then they go on to putaway.`,
  repackaging: msg`A repackaging task repacks the units on the Reprocess screen; then they go on to putaway as good stock.`,
  return: msg`The units move to a Dispute staging location, held there for the return order that ships them.`,
  dispose: msg`The units are written off.`,
  new_asn: msg`A new ASN, already arrived, brings the units in: they are counted and received on it.`,
  resupply: msg`A new pending ASN asks the supplier for the missing units.`,
  reject_asn: msg`The ASN is rejected: nothing of it is received, and its open tasks and other exceptions are cancelled.`,
  none: msg`Nothing moves: no units of it are in stock.`,
  hold: msg`The units stay held until the investigation decides; done needs that decision.`,
};
const REGRADE_TEXT = {
  1: msg`The units are regraded good and go on to putaway.`,
  2: msg`The units are regraded damaged and go on to putaway.`,
} as const;

/** The sentence saying what a decision will do. */
function effectText(decision: number): MessageDescriptor | null {
  const effect = DECISION_EFFECTS[decision as HandlingDecision];
  if (!effect) return null;
  return effect.quality ? REGRADE_TEXT[effect.quality] : EFFECT_TEXT[effect.effect];
}
const isHold = (decision: number | null) => decision !== null && DECISION_EFFECTS[decision as HandlingDecision]?.effect === 'hold';
const S = INBOUND_EXCEPTION_STATUS.values;
type Status = (typeof S)[keyof typeof S];
const detailKey = (no: string) => ['resource', inboundExceptionResource.name, 'detail', no];

export default function ExceptionDetailScreen() {
  const { i18n } = useLingui();
  const exceptionNo = useSearchParam('exception_no') ?? '';
  const handling = useRouterState({ select: (s) => s.location.pathname.endsWith(INBOUND_EXCEPTION_PAGES.handle) });
  const canHandle = useCanOpen(INBOUND_EXCEPTION_PAGES.handle);
  const route = routeAt(handling ? INBOUND_EXCEPTION_PAGES.handle : INBOUND_EXCEPTION_PAGES.detail);
  return (
    <Stack gap="md">
      <ResourceForm
        resource={inboundExceptionResource}
        mode="detail"
        title={route ? i18n._(route.title) : ''}
        detail={contract.getInboundExceptionDetail as EndpointDef}
        id={exceptionNo}
        actions={!handling && canHandle && exceptionNo !== '' && (
          <Button component={Link} to={INBOUND_EXCEPTION_PAGES.handle} search={{ exception_no: exceptionNo } as never} variant="light" leftSection={<IconTool size={16} aria-hidden />}>
            <Trans>Handle</Trans>
          </Button>
        )}
      />
      {handling && exceptionNo !== '' && <HandleSteps exceptionNo={exceptionNo} />}
    </Stack>
  );
}

function HandleSteps({ exceptionNo }: { exceptionNo: string }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const row = useQuery({
    queryKey: detailKey(exceptionNo),
    queryFn: ({ signal }) => callApi(contract.getInboundExceptionDetail, { exception_no: exceptionNo }, { signal }),
  });
  const [decision, setDecision] = useState<string | null>(null);
  const [remark, setRemark] = useState('');
  const step = useMutation({
    mutationFn: (to: Status): Promise<Row> => {
      const note = remark.trim() || null;
      const chosen = decision === null ? null : Number(decision);
      switch (to) {
        case S.CHECKED: return callApi(contract.checkInboundException, { exception_no: exceptionNo, remark: note });
        case S.BD_CONFIRMED: return callApi(contract.confirmInboundException, { exception_no: exceptionNo, handling_decision: chosen!, remark: note });
        case S.DONE: return callApi(contract.completeInboundException, { exception_no: exceptionNo, handling_decision: chosen, remark: note });
        default: return callApi(contract.cancelInboundException, { exception_no: exceptionNo, remark: note ?? '' });
      }
    },
    onSuccess: async (next) => {
      queryClient.setQueryData(detailKey(exceptionNo), next);
      await queryClient.invalidateQueries({ queryKey: ['resource', inboundExceptionResource.name, 'list'] });
      setRemark('');
      toast.success(t`Saved`);
    },
  });
  if (!row.data) return null;
  const status = row.data.status as Status;
  const can = (to: Status) => canMove(INBOUND_EXCEPTION_LIFECYCLE, status, to);
  const decisions = HANDLING_DECISIONS_BY_TYPE[row.data.exception_type as ExceptionType] ?? [];
  // Hold for Investigation is not a settlement: done needs the decision the investigation reached.
  const settled = row.data.handling_decision !== null && !isHold(row.data.handling_decision);
  const needsDecision = can(S.BD_CONFIRMED) || (can(S.DONE) && !settled);
  const shown = decision !== null ? Number(decision) : can(S.DONE) && settled ? row.data.handling_decision : null;
  const effect = shown === null ? null : effectText(shown);
  if (![S.CHECKED, S.BD_CONFIRMED, S.DONE, S.CANCELLED].some(can)) {
    return <Text c="dimmed" size="sm"><Trans>This exception is closed: nothing more to handle.</Trans></Text>;
  }
  return (
    <Card withBorder radius="md" padding="md" maw={720}>
      <Stack gap="sm">
        <Title order={2} fz="h4"><Trans>Handle</Trans></Title>
        {needsDecision && (
          <Select
            label={<Trans>Handling decision</Trans>}
            data={decisions.map((d) => ({ value: String(d), label: i18n._(INBOUND_HANDLING_DECISION.label(d)!) }))}
            value={decision}
            onChange={setDecision}
            data-testid="exception-decision"
          />
        )}
        {effect && <Text size="sm" c="dimmed" data-testid="exception-effect">{i18n._(effect)}</Text>}
        <TextInput label={<Trans>Remark</Trans>} value={remark} onChange={(e) => setRemark(e.currentTarget.value)} maxLength={EXCEPTION_REMARK_MAX} data-testid="exception-remark" />
        <Group>
          {can(S.CHECKED) && <Button onClick={() => step.mutate(S.CHECKED)} loading={step.isPending}><Trans>Checked</Trans></Button>}
          {can(S.BD_CONFIRMED) && <Button onClick={() => step.mutate(S.BD_CONFIRMED)} disabled={decision === null} loading={step.isPending}><Trans>BD Confirm</Trans></Button>}
          {can(S.DONE) && (
            <Button color="teal" onClick={() => step.mutate(S.DONE)} disabled={!settled && (decision === null || isHold(Number(decision)))} loading={step.isPending}>
              <Trans>Done</Trans>
            </Button>
          )}
          {can(S.CANCELLED) && <Button color="red" variant="light" onClick={() => step.mutate(S.CANCELLED)} disabled={!remark.trim()} loading={step.isPending}><Trans>Cancel Exception</Trans></Button>}
        </Group>
      </Stack>
    </Card>
  );
}
