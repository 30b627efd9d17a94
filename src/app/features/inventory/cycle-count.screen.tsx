import { Stack, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { CC_PAGES } from '../../../shared/contract/cycle-count.contract';
import { cycleCountOps } from '../../../shared/ops/cycle-count.ops';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { useSearchParam } from '../../kit/search-param';
import { ClaimStep, CountTaskFlow } from './cycle-count-task';

/**
 * Counting a cycle count task on the PDA (spec §2 /inventorymanage/cc/ccorder/count) and a full stock
 * count task (/inventorymanage/fsc/fsctask/count, `fullStockCount`: its claims take only full stock
 * count tasks): claim a task by its number or the next one → scan a location of the task → scan a SKU
 * → the quantity; empty locations, unknown items and counting a location again; Complete once every
 * location is counted. Every step is an outbox op, online or not; the claim is an offlineRead, so a
 * task claimed online is counted with the network gone. The task is in the query string (`task_no`).
 */
export function CountingScreen({ fullStockCount }: { fullStockCount: boolean }) {
  const taskNo = useSearchParam('task_no') ?? null;
  const mayCount = useMayCall(cycleCountOps.count.access);
  const navigate = useNavigate();
  const path = fullStockCount ? CC_PAGES.fscCount : CC_PAGES.count;
  const open = (next: string | null) => void navigate({ to: path, search: (next ? { task_no: next } : {}) as never } as never);
  let body: React.ReactNode;
  if (!mayCount) body = <MissingPermissionNote access={cycleCountOps.count.access} />;
  else if (!taskNo) body = <ClaimStep fullStockCount={fullStockCount} onOpen={open} />;
  else body = <CountTaskFlow key={taskNo} taskNo={taskNo} fullStockCount={fullStockCount} onOpen={open} />;
  return (
    <Stack gap="sm" maw={560} mx="auto">
      <Title order={1} fz="h3">{fullStockCount ? <Trans>Full Stock Counting</Trans> : <Trans>Cycle Counting</Trans>}</Title>
      {body}
    </Stack>
  );
}

export default function CycleCountingScreen() {
  return <CountingScreen fullStockCount={false} />;
}
