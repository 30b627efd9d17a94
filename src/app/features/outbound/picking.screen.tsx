import { Stack, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { useNavigate, useParams } from '@tanstack/react-router';
import { pickingOps } from '../../../shared/ops/picking.ops';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { useSearchParam } from '../../kit/search-param';
import { ClaimStep, PickingTaskFlow } from './picking-task-flow';

const PATH = '/salesoutbound/picking';

/** Opens the screen on a task (and the container scanned for it), or back to claiming one with null. */
function useOpenTask() {
  const navigate = useNavigate();
  return (taskNo: string | null, container?: string) => void navigate({
    to: taskNo ? `${PATH}/${encodeURIComponent(taskNo)}` : PATH,
    search: (container ? { container } : {}) as never,
  } as never);
}

/**
 * Picking (spec §2 /salesoutbound/picking/{pickup_id?}), PDA-sized: claim a task by its number or
 * the next one → scan the container (pick cart, basket) → walk the route: scan the location, scan
 * the SKU (each scan one piece; or type the quantity) → the pick is queued in the outbox at once,
 * online or not, checked first against the claimed task and this device's ops (picking-flow.ts).
 * A reverse picking task puts a cancelled order's units back: scan the cell, enter the quantity.
 * The claim is an offlineRead: a task claimed online opens again with the network gone. The flow
 * itself is picking-task-flow.tsx, which Task Picking (sub-picking tasks) runs too.
 */
export default function PickingScreen() {
  const { pickup_id: taskNo } = useParams({ strict: false }) as { pickup_id?: string };
  const container = useSearchParam('container') ?? null;
  const mayPick = useMayCall(pickingOps.pick.access);
  const open = useOpenTask();
  let body: React.ReactNode;
  if (!mayPick) body = <MissingPermissionNote access={pickingOps.pick.access} />;
  else if (!taskNo) body = <ClaimStep onOpen={(next) => open(next)} />;
  else body = <PickingTaskFlow key={`${taskNo}\u0000${container ?? ''}`} taskNo={taskNo} container={container} onOpen={open} />;
  return (
    <Stack gap="sm" maw={560} mx="auto">
      <Title order={1} fz="h3"><Trans>Picking</Trans></Title>
      {body}
    </Stack>
  );
}
