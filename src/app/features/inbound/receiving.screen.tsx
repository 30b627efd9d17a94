import { useState } from 'react';
import { Alert, Anchor, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { INBOUND_STATUS } from '../../../shared/codes';
import { contract } from '../../../shared/contract';
import type { OutputOf } from '../../../shared/contract/define';
import { resolveScannedSku } from '../../../shared/counting';
import { callApi } from '../../kit/api';
import { cue } from '../../kit/feedback';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { ScanInput } from '../../kit/scan/scan-input';
import type { ScanVerdict } from '../../kit/scan/use-scan-input';
import { useSearchParam } from '../../kit/search-param';
import { toast } from '../../kit/toast';
import { AsnHeader, AsnNotFound, AsnScan, useOpenAsn } from './inbound-task-scan';
import { receivingQueries } from './receiving.queries';

/**
 * Receiving (spec §2 /inbound/receiving): scan an ASN that is checked (or counted without QC), the
 * Putaway staging location it goes to (the first one unless another is scanned), then each SKU to
 * receive its line — the good units as good, QC failures and units reported damaged as damaged.
 * Complete receiving makes the putaway tasks (and VAS tasks for lines asking for a service); the
 * units of open exceptions wait in staging. Problems go to the report-exception page first.
 */

const PATH = '/inbound/receiving';
const REPORT_PATH = '/inbound/receiving/reportexception';
type View = OutputOf<typeof contract.getReceivingAsn>;
const A = INBOUND_STATUS.values;

export default function ReceivingScreen() {
  const code = useSearchParam('asn');
  const { t } = useLingui();
  return code
    ? <Receiving key={code} code={code} />
    : <AsnScan title={t`Receiving`} path={PATH} hint={<Trans>An ASN is received once it is counted and, when a QC rule picked it, checked.</Trans>} />;
}

function Receiving({ code }: { code: string }) {
  const { t } = useLingui();
  const open = useOpenAsn(PATH);
  const query = useQuery(receivingQueries.asn(code));
  if (query.isPending) return <Text c="dimmed"><Trans>Loading…</Trans></Text>;
  if (query.isError) return <AsnNotFound title={t`Receiving`} code={code} error={query.error} onLeave={() => open(null)} />;
  return <ReceivingAsn view={query.data} code={code} onLeave={() => open(null)} />;
}

function ReceivingAsn({ view, code, onLeave }: { view: View; code: string; onLeave: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [staging, setStaging] = useState<string | null>(view.default_staging_location);
  const refresh = () => queryClient.invalidateQueries({ queryKey: receivingQueries.asn(code).queryKey });
  const receivable = ([A.COUNTED, A.CHECKED, A.SCANNING] as number[]).includes(view.status) && view.qc_task_no === null;
  const mayReceive = useMayCall(contract.receiveAsnLine.access);

  const receiveLine = useMutation({
    mutationFn: (skuId: string) => callApi(contract.receiveAsnLine, { asn_no: view.asn_no, sku_id: skuId, staging_location: staging ?? '' }),
    onSuccess: async (data) => {
      cue('scan.accepted', { say: t`Received ${data.line.counted_qty}` });
      await refresh();
    },
    onError: () => cue('scan.refused'),
  });
  const complete = useMutation({
    mutationFn: () => callApi(contract.completeReceiving, { asn_no: view.asn_no, staging_location: staging ?? '' }),
    onSuccess: async (data) => {
      cue('scan.accepted', { say: t`Received` });
      const tasks = [...data.putaway_task_nos, ...data.vas_task_nos].join(', ');
      toast.success(tasks
        ? t`ASN ${data.asn_no} is received: tasks ${tasks}.`
        : data.lines.some((l) => l.counted_qty > 0)
          ? t`ASN ${data.asn_no} is received: its exceptions hold every unit.`
          : t`ASN ${data.asn_no} had nothing to receive: it is done.`);
      await refresh();
    },
    onError: () => cue('scan.refused'),
  });

  const onScan = ({ value }: { value: string }): ScanVerdict | 'handled' => {
    const scanned = value.trim();
    if (view.staging_locations.includes(scanned)) {
      setStaging(scanned);
      return { ok: true, say: t`Staging location` };
    }
    const skuId = resolveScannedSku(scanned, view.lines);
    const line = view.lines.find((l) => l.sku_id === skuId);
    if (!line) return { ok: false, message: t`${scanned} is neither a SKU of ASN ${view.asn_no} nor a Putaway staging location.` };
    if (line.to_receive_qty === 0) return { ok: false, message: t`SKU ${line.sku_id} has nothing left to receive.` };
    if (!staging) return { ok: false, message: t`Scan the staging location first.` };
    receiveLine.mutate(line.sku_id);
    return 'handled';
  };

  const left = view.lines.reduce((sum, l) => sum + l.to_receive_qty, 0);
  return (
    <Stack gap="sm" maw={720} mx="auto">
      <AsnHeader title={t`Receiving`} asnNo={view.asn_no} status={view.status} taskNo={view.task_no} taskStatus={view.task_status} onLeave={onLeave} />
      {view.qc_task_no && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} title={t`QC first`}>
          <Trans>QC task {view.qc_task_no} of this ASN is not finished.</Trans>
        </Alert>
      )}
      {view.putaway_task_nos.length > 0 && (
        <Alert color="teal" icon={<IconCheck size={18} aria-hidden />} title={t`Received`} data-testid="receiving-done">
          <Trans>Putaway tasks: {view.putaway_task_nos.join(', ')}</Trans>
        </Alert>
      )}
      {receivable && !mayReceive && <MissingPermissionNote access={contract.receiveAsnLine.access} />}
      {receivable && mayReceive && (
        <>
          <Select
            label={<Trans>Staging location</Trans>}
            data={view.staging_locations}
            value={staging}
            onChange={setStaging}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
            data-testid="receiving-staging"
          />
          <ScanInput label={<Trans>SKU or staging location</Trans>} placeholder={t`Scan a SKU to receive its line`} onScan={onScan} testId="receiving-scan" />
        </>
      )}
      <Table striped withTableBorder verticalSpacing={4} aria-label={t`Lines to receive`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th><Trans>SKU</Trans></Table.Th>
            <Table.Th ta="right"><Trans>Units</Trans></Table.Th>
            <Table.Th ta="right"><Trans>Received</Trans></Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {view.lines.map((l) => (
            <Table.Tr key={l.line_no} data-testid="receiving-row">
              <Table.Td>
                <Text size="sm" ff="monospace">{l.sku_id}</Text>
                <Text size="xs" c="dimmed" lineClamp={1}>{l.sku_name}</Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm"><Trans>{l.good_qty} good</Trans></Text>
                {l.damaged_qty > 0 && <Text size="xs" c="red"><Trans>{l.damaged_qty} damaged</Trans></Text>}
              </Table.Td>
              <Table.Td ta="right"><Text size="sm" fw={600} c={l.to_receive_qty === 0 ? 'teal' : undefined}>{l.received_qty} / {l.counted_qty}</Text></Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {receivable && mayReceive && (
        <Group grow>
          <Button color="teal" onClick={() => complete.mutate()} loading={complete.isPending} disabled={!staging} data-testid="receiving-complete">
            {left > 0 ? <Trans>Receive the rest and complete</Trans> : <Trans>Complete receiving</Trans>}
          </Button>
        </Group>
      )}
      {receivable && (
        <Anchor component={Link} to={REPORT_PATH} search={{ asn: view.asn_no } as never} size="sm">
          <Trans>Report an exception</Trans>
        </Anchor>
      )}
    </Stack>
  );
}
