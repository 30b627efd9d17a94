import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { PUTAWAY_MODE } from '../../../shared/codes';
import { MASS_PUTAWAY_PAGE } from '../../../shared/contract/putaway.contract';
import { putawayOps } from '../../../shared/ops/putaway.ops';
import { cue } from '../../kit/feedback';
import { enqueue } from '../../kit/outbox';
import { sayQueueFailure } from '../../kit/outbox/use-queue';
import { useOutboxStatus } from '../../kit/outbox/use-outbox-status';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { ScanInput } from '../../kit/scan/scan-input';
import type { ScanVerdict } from '../../kit/scan/use-scan-input';
import { useSearchParam } from '../../kit/search-param';
import { useSession } from '../../kit/use-session';
import { addScannedUnit, handledQty, lineProgress, massItems, putOpsOf, scanEverything, scannedOf, taskRefusal } from './putaway-flow';
import { LoadFailed, PutawayFrame, RecentPuts, TaskHeader, WorkActions, WorkComplete, useWorkScanAnswer, type PutawayNotice } from './putaway-parts';
import { putawayQueries } from './putaway.queries';

/**
 * Mass putaway (spec §2 /inbound/massputaway), PDA-sized: scan a staging location (or a mass
 * task) → scan the units, one scan each (or take everything) → scan the cell → everything
 * scanned goes into that cell as one op of the outbox, queued at once online or not and checked
 * first against the tasks as last read.
 */
export default function MassPutawayScreen() {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const [code, setCode] = useState<string | null>(useSearchParam('code') ?? null);
  const [scanned, setScanned] = useState<ReadonlyMap<string, number>>(new Map());
  const [toCell, setToCell] = useState(false);
  const [notice, setNotice] = useState<PutawayNotice | null>(null);

  const query = putawayQueries.massWork(code ?? '');
  // Opening the lines writes their suggestions: it needs the screen's put permission.
  const mayPut = useMayCall(putawayOps.massPut.access);
  const work = useQuery({ ...query, enabled: code !== null && mayPut });
  const outbox = useOutboxStatus();
  const taskNos = useMemo(() => work.data?.tasks.map((t) => t.task_no) ?? [], [work.data]);
  const ops = useMemo(() => putOpsOf(outbox.ops, taskNos), [outbox.ops, taskNos]);
  // Tasks this operator may work; their lines at the staging location they wait at.
  const workable = useMemo(() => (work.data?.tasks ?? []).filter((task) => !taskRefusal(task, PUTAWAY_MODE.values.MASS, user.user_id)), [work.data, user.user_id]);
  const staging = workable[0]?.staging_location ?? work.data?.lines[0]?.from_location ?? null;
  const lines = useMemo(() => {
    const open = new Set(workable.map((task) => task.task_no));
    return lineProgress((work.data?.lines ?? []).filter((l) => open.has(l.task_no) && l.from_location === staging), ops);
  }, [work.data, workable, staging, ops]);
  const openLines = lines.filter((l) => l.remaining > 0);
  const refusals = (work.data?.tasks ?? []).map((task) => taskRefusal(task, PUTAWAY_MODE.values.MASS, user.user_id)).filter((r) => r !== null);
  const scannedTotal = [...scanned.values()].reduce((sum, n) => sum + n, 0);
  const handled = lines.reduce((sum, l) => sum + handledQty(l), 0);
  const total = lines.reduce((sum, l) => sum + l.qty, 0);

  const awaitScanAnswer = useWorkScanAnswer(work);

  const reset = (next: string | null) => {
    setCode(next);
    setScanned(new Map());
    setToCell(false);
    setNotice(null);
  };

  const onSourceScan = ({ value }: { value: string }): 'handled' => {
    awaitScanAnswer();
    reset(value.trim());
    return 'handled';
  };

  const onUnitScan = ({ value }: { value: string }): ScanVerdict => {
    const added = addScannedUnit(scanned, openLines, value);
    if (!added) return { ok: false, message: t`SKU ${value} has nothing left to put here.` };
    setScanned(added.scanned);
    setNotice(null);
    return { ok: true };
  };

  const onCellScan = ({ value }: { value: string }): ScanVerdict | 'handled' => {
    const location = value.trim();
    if (!staging) return { ok: false };
    if (location === staging) return { ok: false, message: t`That is the staging location: scan the cell the units go into.` };
    const items = massItems(scanned, openLines);
    const units = items.reduce((sum, i) => sum + i.qty, 0);
    void enqueue(putawayOps.massPut, { staging_location: staging, location, items }).then(() => {
      cue('inbound.putaway_done', { say: t`${units} put` });
      setNotice({ color: 'teal', text: t`${units} units → ${location}: saved on this device, sent when the network allows.` });
      setScanned(new Map());
      setToCell(false);
    }, (error: unknown) => {
      sayQueueFailure(i18n, error);
    });
    return 'handled';
  };

  const sourceScan = (
    <ScanInput
      label={work.data ? <Trans>Scan another staging location or task</Trans> : <Trans>Scan the staging location or a mass task</Trans>}
      placeholder={t`Location or task number`}
      onScan={onSourceScan}
      testId="putaway-source-scan"
    />
  );

  let body: React.ReactNode;
  if (!mayPut) body = <MissingPermissionNote access={putawayOps.massPut.access} />;
  else if (code === null) body = sourceScan;
  else if (work.isPending || (work.isFetching && !work.data)) body = <Loader aria-label={t`Loading`} />;
  // A failed refresh (the last task done: nothing open here any more) keeps showing what was read.
  else if (work.isError && !work.data) {
    const offline = t`These tasks could not be read: the network is gone and they were not opened on this device before. Open them once while online.`;
    body = <LoadFailed error={work.error} offline={offline} scan={sourceScan} />;
  } else if (lines.length === 0 && refusals.length > 0) {
    body = (
      <Stack gap="sm">
        {refusals.map((r, i) => <Alert key={i} color="orange" data-testid="putaway-task-refused">{i18n._(r)}</Alert>)}
        {sourceScan}
      </Stack>
    );
  } else if (openLines.length === 0) {
    body = <WorkComplete scan={sourceScan}><Trans>Everything here is put away or queued.</Trans></WorkComplete>;
  } else {
    const first = openLines[0]!;
    body = (
      <Stack gap="sm">
        {toCell
          ? <ScanInput label={<Trans>Scan the cell for all {scannedTotal} scanned units</Trans>} placeholder={t`Cell code`} onScan={onCellScan} testId="putaway-cell-scan" />
          : <ScanInput label={<Trans>Scan each unit</Trans>} placeholder={t`SKU or barcode`} onScan={onUnitScan} testId="putaway-sku-scan" />}
        <Table striped fz="sm" aria-label={t`Lines to put`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th><Trans>SKU</Trans></Table.Th>
              <Table.Th ta="right"><Trans>Left</Trans></Table.Th>
              <Table.Th ta="right"><Trans>Scanned</Trans></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {openLines.map((l) => (
              <Table.Tr key={`${l.task_no}:${l.line_no}`} data-testid="putaway-mass-line">
                <Table.Td>
                  <Text size="sm" ff="monospace">{l.sku_id}</Text>
                  <Text size="xs" c="dimmed">{l.sku_name}</Text>
                  {/* Where the rule would put this line alone: the whole put goes into one cell. */}
                  {l.suggested_location && <Text size="xs" c="dimmed"><Trans>Suggested</Trans>: <Text span inherit ff="monospace">{l.suggested_location}</Text></Text>}
                </Table.Td>
                <Table.Td ta="right">{l.remaining}</Table.Td>
                <Table.Td ta="right">{scannedOf(scanned, l) > 0 ? <Badge>{scannedOf(scanned, l)}</Badge> : 0}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Stack gap="xs">
          {!toCell && <Button size="md" disabled={scannedTotal === 0} onClick={() => setToCell(true)} data-testid="putaway-to-cell"><Trans>Put {scannedTotal} into a cell</Trans></Button>}
          {toCell
            ? <Button variant="default" onClick={() => setToCell(false)}><Trans>Scan more units</Trans></Button>
            : <Button variant="default" onClick={() => setScanned(scanEverything(openLines))}><Trans>Take everything</Trans></Button>}
        </Stack>
        <WorkActions exceptionPage={MASS_PUTAWAY_PAGE} line={first} search={{ code }} leave={<Trans>Other location</Trans>} onLeave={() => reset(null)} />
      </Stack>
    );
  }

  const header = staging && lines.length > 0
    && <TaskHeader taskNo={workable.map((task) => task.task_no).join(', ')} asnNo={null} staging={staging} handled={handled} total={total} />;
  return (
    <PutawayFrame title={<Trans>Mass Putaway</Trans>} header={header} notice={notice}>
      {body}
      <RecentPuts ops={ops} lines={lines} refresh={code === null ? null : query.queryKey} />
    </PutawayFrame>
  );
}
