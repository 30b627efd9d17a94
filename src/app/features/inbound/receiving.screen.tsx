import { useState } from 'react';
import { Alert, Anchor, Button, Group, Select, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import type { OutputOf } from '../../../shared/contract/define';
import { callApi } from '../../kit/api';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { ScanInput } from '../../kit/scan/scan-input';
import { lineOfScan } from '../../kit/scan-task/scan-task-flow';
import { LinesTable, ScanTaskPage, SkuCell } from '../../kit/scan-task/scan-task-parts';
import { useScanAction } from '../../kit/scan-task/use-scan-action';
import type { ScanVerdict } from '../../kit/scan/use-scan-input';
import { useSearchParam } from '../../kit/search-param';
import { toast } from '../../kit/toast';
import { AsnHeader, AsnLoad, AsnScan, useOpenAsn } from './inbound-task-scan';
import { receivingQueries } from './receiving.queries';

/**
 * Receiving (spec §2 /inbound/receiving): scan an ASN that is checked (or counted without QC), the
 * Putaway staging location it goes to (the first one unless another is scanned), then each SKU to
 * receive its line — the good units as good, QC failures and units reported damaged as damaged.
 * Complete receiving makes the putaway tasks (and VAS tasks for lines asking for a service); the
 * units of open exceptions wait in staging. Problems go to the report-exception page first.
 */

const REPORT_PATH = '/inbound/receiving/reportexception';
type View = OutputOf<typeof contract.getReceivingAsn>;

export default function ReceivingScreen() {
  const code = useSearchParam('asn');
  const { t } = useLingui();
  return code
    ? <Receiving key={code} code={code} />
    : <AsnScan title={t`Receiving`} hint={<Trans>An ASN is received once it is counted and, when a QC rule picked it, checked.</Trans>} />;
}

function Receiving({ code }: { code: string }) {
  const { t } = useLingui();
  const open = useOpenAsn();
  const query = useQuery(receivingQueries.asn(code));
  return (
    <AsnLoad title={t`Receiving`} code={code} query={query} onLeave={() => open(null)}>
      {(view) => <ReceivingAsn view={view} code={code} onLeave={() => open(null)} />}
    </AsnLoad>
  );
}

function ReceivingAsn({ view, code, onLeave }: { view: View; code: string; onLeave: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [staging, setStaging] = useState<string | null>(view.default_staging_location);
  const refresh = () => queryClient.invalidateQueries({ queryKey: receivingQueries.asn(code).queryKey });
  const receivable = view.receivable && view.qc_task_no === null;
  const mayReceive = useMayCall(contract.receiveAsnLine.access);

  const receiveLine = useScanAction({
    run: (skuId: string) => callApi(contract.receiveAsnLine, { asn_no: view.asn_no, sku_id: skuId, staging_location: staging ?? '' }),
    say: (data) => t`Received ${data.line.counted_qty}`,
    then: refresh,
  });
  const complete = useScanAction({
    run: () => callApi(contract.completeReceiving, { asn_no: view.asn_no, staging_location: staging ?? '' }),
    say: () => t`Received`,
    then: async (data) => {
      const tasks = [...data.putaway_task_nos, ...data.vas_task_nos].join(', ');
      toast.success(tasks
        ? t`ASN ${data.asn_no} is received: tasks ${tasks}.`
        : data.lines.some((l) => l.counted_qty > 0)
          ? t`ASN ${data.asn_no} is received: its exceptions hold every unit.`
          : t`ASN ${data.asn_no} had nothing to receive: it is done.`);
      await refresh();
    },
  });

  const onScan = ({ value }: { value: string }): ScanVerdict | 'handled' => {
    const scanned = value.trim();
    if (view.staging_locations.includes(scanned)) {
      setStaging(scanned);
      return { ok: true, say: t`Staging location` };
    }
    const line = lineOfScan(view.lines, scanned);
    if (!line) return { ok: false, message: t`${scanned} is neither a SKU of ASN ${view.asn_no} nor a Putaway staging location.` };
    if (line.to_receive_qty === 0) return { ok: false, message: t`SKU ${line.sku_id} has nothing left to receive.` };
    if (!staging) return { ok: false, message: t`Scan the staging location first.` };
    receiveLine.mutate(line.sku_id);
    return 'handled';
  };

  const left = view.lines.reduce((sum, l) => sum + l.to_receive_qty, 0);
  return (
    <ScanTaskPage>
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
      <LinesTable label={t`Lines to receive`} head={<><Table.Th ta="right"><Trans>Units</Trans></Table.Th><Table.Th ta="right"><Trans>Received</Trans></Table.Th></>}>
        {view.lines.map((l) => (
          <Table.Tr key={l.line_no} data-testid="receiving-row">
            <SkuCell skuId={l.sku_id} skuName={l.sku_name} />
            <Table.Td ta="right">
              <Text size="sm"><Trans>{l.good_qty} good</Trans></Text>
              {l.damaged_qty > 0 && <Text size="xs" c="red"><Trans>{l.damaged_qty} damaged</Trans></Text>}
            </Table.Td>
            <Table.Td ta="right"><Text size="sm" fw={600} c={l.to_receive_qty === 0 ? 'teal' : undefined}>{l.received_qty} / {l.counted_qty}</Text></Table.Td>
          </Table.Tr>
        ))}
      </LinesTable>
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
    </ScanTaskPage>
  );
}
