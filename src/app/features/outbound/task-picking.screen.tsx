import { Stack, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { SUB_PICKING_PAGES } from '../../../shared/contract/sub-picking.contract';
import { PICKING_ACCESS } from '../../../shared/contract/picking.contract';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { useSearchParam } from '../../kit/search-param';
import { ClaimStep, PickingTaskFlow } from './picking-task-flow';

/**
 * Task Picking (spec §2 /salesoutbound/pickingTask), PDA-sized: sub-picking tasks — the parts of a
 * picking task a supervisor split between pickers — claimed by their number or "Next sub-task" (the
 * oldest pending one of the operator's zones), then picked with the Picking screen's flow
 * (picking-task-flow.tsx). The task and the container scanned are the search parameters `task`
 * and `container` (the route has no parameter).
 */
export default function TaskPickingScreen() {
  const taskNo = useSearchParam('task') ?? null;
  const container = useSearchParam('container') ?? null;
  // Sub-picking tasks are split from sales picking tasks: the sales picking permission (area-access.ts).
  const mayPick = useMayCall(PICKING_ACCESS.pick);
  const navigate = useNavigate();
  const open = (task: string | null, cart?: string) => void navigate({
    to: SUB_PICKING_PAGES.taskPicking,
    search: { ...(task ? { task } : {}), ...(task && cart ? { container: cart } : {}) } as never,
  } as never);
  let body: React.ReactNode;
  if (!mayPick) body = <MissingPermissionNote access={PICKING_ACCESS.pick} />;
  else if (!taskNo) body = <ClaimStep subPickingOnly onOpen={(next) => open(next)} />;
  else body = <PickingTaskFlow key={`${taskNo}\u0000${container ?? ''}`} taskNo={taskNo} container={container} subPickingOnly onOpen={open} />;
  return (
    <Stack gap="sm" maw={560} mx="auto">
      <Title order={1} fz="h3"><Trans>Task Picking</Trans></Title>
      {body}
    </Stack>
  );
}
