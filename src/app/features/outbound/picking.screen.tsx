import { Stack, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { useNavigate, useParams, useRouterState } from '@tanstack/react-router';
import { OUTBOUND_ORDER_TYPE } from '../../../shared/codes';
import { pickAccessOf } from '../../../shared/contract/area-access';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { useSearchParam } from '../../kit/search-param';
import { ClaimStep, PickingTaskFlow } from './picking-task-flow';
import type { PickingOrderType } from './picking.queries';

/** The picking screens: each order type's, over its own tasks (the same flow and ops). */
const SCREENS: readonly { path: string; orderType: PickingOrderType }[] = [
  { path: '/mtoutbound/picking', orderType: OUTBOUND_ORDER_TYPE.values.MT },
  { path: '/rtsoutbound/picking', orderType: OUTBOUND_ORDER_TYPE.values.RTS },
  { path: '/salesoutbound/picking', orderType: OUTBOUND_ORDER_TYPE.values.SALES },
];

/** The picking screen of the route it is mounted on. */
function useScreen() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return SCREENS.find((s) => pathname.includes(s.path)) ?? SCREENS[SCREENS.length - 1]!;
}

/** Opens the screen on a task (and the container scanned for it), or back to claiming one with null. */
function useOpenTask(path: string) {
  const navigate = useNavigate();
  return (taskNo: string | null, container?: string) => void navigate({
    to: taskNo ? `${path}/${encodeURIComponent(taskNo)}` : path,
    search: (container ? { container } : {}) as never,
  } as never);
}

/**
 * Picking (spec §2 /salesoutbound/picking/{pickup_id?}; MT Picking, /mtoutbound/picking/{pickup_id?},
 * over MT orders' tasks; RTS Picking, /rtsoutbound/picking/{id?}, over RTS orders' tasks), PDA-sized: claim a task by its number or
 * the next one → scan the container (pick cart, basket) → walk the route: scan the location, scan
 * the SKU (each scan one piece; or type the quantity) → the pick is queued in the outbox at once,
 * online or not, checked first against the claimed task and this device's ops (picking-flow.ts).
 * A reverse picking task puts a cancelled order's units back: scan the cell, enter the quantity.
 * The claim is an offlineRead: a task claimed online opens again with the network gone. The flow
 * itself is picking-task-flow.tsx, which Task Picking (sub-picking tasks) runs too.
 */
export default function PickingScreen() {
  const { pickup_id: pickupId, id } = useParams({ strict: false }) as { pickup_id?: string; id?: string };
  const taskNo = pickupId ?? id;
  const container = useSearchParam('container') ?? null;
  const { path, orderType } = useScreen();
  // The shared pick ops take any area's permission; each area's screen asks its own (area-access.ts).
  const access = pickAccessOf(orderType);
  const mayPick = useMayCall(access);
  const open = useOpenTask(path);
  let body: React.ReactNode;
  if (!mayPick) body = <MissingPermissionNote access={access} />;
  else if (!taskNo) body = <ClaimStep orderType={orderType} onOpen={(next) => open(next)} />;
  else body = <PickingTaskFlow key={`${taskNo}\u0000${container ?? ''}`} taskNo={taskNo} container={container} orderType={orderType} onOpen={open} />;
  return (
    <Stack gap="sm" maw={560} mx="auto">
      <Title order={1} fz="h3">
        {orderType === OUTBOUND_ORDER_TYPE.values.MT ? <Trans>MT Picking</Trans> : orderType === OUTBOUND_ORDER_TYPE.values.RTS ? <Trans>RTS Picking</Trans> : <Trans>Picking</Trans>}
      </Title>
      {body}
    </Stack>
  );
}
