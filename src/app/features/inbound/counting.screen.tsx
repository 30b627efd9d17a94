import { useMemo } from 'react';
import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import type { OutboxOp } from '../../kit/outbox';
import { OpFeed, useOpAnswers } from '../../kit/outbox/op-feed';
import { useOutboxStatus } from '../../kit/outbox/use-outbox-status';
import { MissingPermissionNote } from '../../kit/permitted';
import { FieldValue } from '../../kit/resource/field-value';
import { ScanTaskPage, TaskHeader, TaskNotFound } from '../../kit/scan-task/scan-task-parts';
import { useSearchParam } from '../../kit/search-param';
import { CartonList } from './counting-cartons';
import { CompleteDialog } from './counting-complete';
import { CountingDone, CountingLines, CountingProgress, CountStep, useDescribeCountingOp } from './counting-parts';
import { GroupPicker, groupStatusField, useOpenGroup } from './counting-picker';
import { SurplusDialog, UnknownCodeDialog } from './counting-prompts';
import { groupOps, type GroupDetail } from './counting-view';
import { countingQueries } from './counting.queries';
import { useCounting } from './use-counting';

/**
 * Counting (spec §2 /inbound/counting, §7 counting calls): the operator's scan screen, PDA-sized.
 * Pick a group (or resume one of yours), then scan cartons and SKUs and count them, correct the
 * cartons, and complete. The workflow is use-counting.ts; this screen only lays its parts out.
 */
export default function CountingScreen() {
  const groupNo = useSearchParam('group_no');
  return groupNo ? <GroupCounting key={groupNo} groupNo={groupNo} /> : <GroupPicker />;
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
      <TaskNotFound title={<Trans>Counting</Trans>} problem={t`Group ${groupNo} cannot be counted here`} leave={<Trans>Choose another group</Trans>} onLeave={() => open(null)}>
        {query.error.message || <Trans>It was not found, or it was never opened on this device while online.</Trans>}
      </TaskNotFound>
    );
  }
  return <Counting detail={query.data} ops={ops} onLeave={() => open(null)} />;
}

function Counting({ detail, ops, onLeave }: { detail: GroupDetail; ops: OutboxOp[]; onLeave: () => void }) {
  const { t } = useLingui();
  const flow = useCounting(detail, ops);
  const describe = useDescribeCountingOp();
  const { group, mayCount } = flow;
  const groupNo = detail.group_no;
  const done = detail.counting_completed_at !== null;
  return (
    <ScanTaskPage>
      <TaskHeader
        title={<Trans>Counting</Trans>}
        number={groupNo}
        numberTestId="counting-group-no"
        tags={<FieldValue field={groupStatusField} value={detail.status} />}
        leave={<Trans>Other group</Trans>}
        onLeave={onLeave}
      />
      <CountingProgress group={group} />
      {done ? <CountingDone ops={ops} onLeave={onLeave} />
        : group.completing ? (
          <Alert color="blue" title={t`Completion queued`}><Trans>The group is completed as soon as this device's counts reach the server.</Trans></Alert>
        ) : !mayCount ? <MissingPermissionNote access={contract.saveCountingRecord.access} />
          : <CountStep flow={flow} />}
      <CountingLines rows={flow.rows} group={group} currentSku={flow.line?.sku_id} />
      <CartonList
        cartons={group.cartons}
        asnNos={flow.openAsns.map((a) => a.asn_no)}
        current={flow.carton}
        editable={mayCount && !done && !group.completing}
        onPick={flow.pickListedCarton}
        onCorrect={flow.correct}
      />
      <OpFeed title={<Trans>Counts on this device</Trans>} ops={[...ops].reverse()} describe={describe} />
      <SurplusDialog flow={flow} />
      <UnknownCodeDialog flow={flow} groupNo={groupNo} />
      <CompleteDialog
        opened={flow.prompt?.kind === 'complete'}
        groupNo={groupNo}
        group={group}
        unsent={flow.unsent}
        onClose={() => flow.setPrompt(null)}
        onConfirm={() => void flow.complete()}
      />
    </ScanTaskPage>
  );
}
