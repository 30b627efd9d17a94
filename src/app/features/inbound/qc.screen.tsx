import { useState } from 'react';
import { Alert, Button, Group, NumberInput, Select, Table, Text, TextInput } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { INBOUND_EXCEPTION_REASON, INBOUND_STATUS, QC_RULE_KIND } from '../../../shared/codes';
import { contract } from '../../../shared/contract';
import type { OutputOf } from '../../../shared/contract/define';
import { QC_FAIL_REASONS } from '../../../shared/contract/qc.contract';
import { UPPER_BOUND } from '../../../shared/constants';
import { callApi } from '../../kit/api';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { ScanInput } from '../../kit/scan/scan-input';
import { lineOfScan, unitsWithin } from '../../kit/scan-task/scan-task-flow';
import { LineStep, LinesTable, ScanTaskPage, SkuCell } from '../../kit/scan-task/scan-task-parts';
import { useScanAction } from '../../kit/scan-task/use-scan-action';
import type { ScanVerdict } from '../../kit/scan/use-scan-input';
import { useSearchParam } from '../../kit/search-param';
import { toast } from '../../kit/toast';
import { AsnHeader, AsnLoad, AsnScan, useOpenAsn } from './inbound-task-scan';
import { qcQueries } from './qc.queries';

/**
 * QC (spec §2 /inbound/qc): scan an ASN waiting for QC (or its QC task), then each line's SKU and
 * record the units inspected — passed, and failed with their reason. The samples come from the QC
 * rules (SKU attributes, percentage, AQL: shared/qc-sampling.ts). Online: each inspection is saved at once.
 */

type QcView = OutputOf<typeof contract.getQcAsn>;
type QcLine = QcView['lines'][number];

export default function QcScreen() {
  const code = useSearchParam('asn');
  const { t } = useLingui();
  return code
    ? <QcAsn key={code} code={code} />
    : <AsnScan title={t`QC`} hint={<Trans>ASNs a QC rule picks get a QC task when their counting is complete.</Trans>} />;
}

function QcAsn({ code }: { code: string }) {
  const { t } = useLingui();
  const open = useOpenAsn();
  const query = useQuery(qcQueries.asn(code));
  return (
    <AsnLoad title={t`QC`} code={code} query={query} onLeave={() => open(null)}>
      {(view) => <Inspection view={view} code={code} onLeave={() => open(null)} />}
    </AsnLoad>
  );
}

const ruleText = (line: QcLine, i18n: { _: (d: { id: string; message?: string }) => string }) => {
  const kind = QC_RULE_KIND.label(line.rule_kind);
  return kind ? i18n._(kind) : '';
};

function Inspection({ view, code, onLeave }: { view: QcView; code: string; onLeave: () => void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [line, setLine] = useState<QcLine | null>(null);
  const [passed, setPassed] = useState<number | string>(0);
  const [failed, setFailed] = useState<number | string>(0);
  const [reason, setReason] = useState<string | null>(null);
  const [remark, setRemark] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: qcQueries.asn(code).queryKey });
  const open = view.status === INBOUND_STATUS.values.COUNTED || view.status === INBOUND_STATUS.values.CHECKING;
  const mayInspect = useMayCall(contract.saveQcRecord.access);

  const save = useScanAction({
    run: () => callApi(contract.saveQcRecord, {
      asn_no: view.asn_no, sku_id: line!.sku_id, passed_qty: Number(passed), failed_qty: Number(failed),
      fail_reason: Number(failed) > 0 ? (Number(reason) as (typeof QC_FAIL_REASONS)[number]) : null, remark: remark.trim() || null,
    }),
    say: () => t`Saved`,
    then: async (data) => {
      if (data.exception_no) toast.success(t`Failed units recorded as exception ${data.exception_no}.`);
      setLine(null);
      await refresh();
    },
  });
  const complete = useScanAction({
    run: () => callApi(contract.completeQc, { asn_no: view.asn_no }),
    say: () => t`QC complete`,
    then: async (data) => {
      toast.success(t`QC of ${data.asn_no} is complete: receiving task ${data.receive_task_no}.`);
      await refresh();
    },
  });

  const onScan = ({ value }: { value: string }): ScanVerdict => {
    const found = lineOfScan(view.lines, value);
    if (!found) return { ok: false, message: t`${value} is not a SKU of ASN ${view.asn_no}.` };
    const left = Math.max(0, found.sample_qty - found.inspected_qty);
    setLine(found);
    setPassed(left || 1);
    setFailed(0);
    setReason(null);
    setRemark('');
    return { ok: true, say: left ? t`Inspect ${left}` : found.sku_name };
  };

  const canSave = line !== null && unitsWithin(Number(passed) + Number(failed), UPPER_BOUND) !== null && (Number(failed) === 0 || reason !== null);
  return (
    <ScanTaskPage>
      <AsnHeader title={t`QC`} asnNo={view.asn_no} status={view.status} taskNo={view.task_no} taskStatus={view.task_status} onLeave={onLeave} />
      {view.status === INBOUND_STATUS.values.CHECKED && (
        <Alert color="teal" icon={<IconCheck size={18} aria-hidden />} title={t`QC is complete`}><Trans>The ASN waits for receiving.</Trans></Alert>
      )}
      {open && !view.task_no && <Alert color="yellow"><Trans>No QC rule asks to inspect this ASN: it goes to receiving.</Trans></Alert>}
      {open && view.task_no && !mayInspect && <MissingPermissionNote access={contract.saveQcRecord.access} />}
      {open && view.task_no && mayInspect && (line ? (
        <LineStep
          testId="qc-line"
          skuId={line.sku_id}
          skuName={line.sku_name}
          progress={<Trans>Inspect {line.sample_qty} of {line.counted_qty}; {line.inspected_qty} inspected</Trans>}
          confirm={{ label: <Trans>Save</Trans>, testId: 'qc-save', onClick: () => save.mutate(), loading: save.isPending, disabled: !canSave }}
          onCancel={() => setLine(null)}
        >
          <Group grow>
            <NumberInput label={<Trans>Passed</Trans>} value={passed} onChange={setPassed} min={0} max={UPPER_BOUND} allowDecimal={false} allowNegative={false} data-testid="qc-passed" />
            <NumberInput label={<Trans>Failed</Trans>} value={failed} onChange={setFailed} min={0} max={UPPER_BOUND} allowDecimal={false} allowNegative={false} data-testid="qc-failed" />
          </Group>
          {Number(failed) > 0 && (
            <Select
              label={<Trans>Why they failed</Trans>}
              data={QC_FAIL_REASONS.map((r) => ({ value: String(r), label: i18n._(INBOUND_EXCEPTION_REASON.label(r)!) }))}
              value={reason}
              onChange={setReason}
              comboboxProps={{ withinPortal: false }}
              data-testid="qc-reason"
            />
          )}
          {Number(failed) > 0 && <TextInput label={<Trans>Remark</Trans>} value={remark} onChange={(e) => setRemark(e.currentTarget.value)} maxLength={300} />}
        </LineStep>
      ) : (
        <ScanInput label={<Trans>SKU</Trans>} placeholder={t`Scan a SKU of the ASN`} onScan={onScan} testId="qc-scan" />
      ))}
      <LinesTable label={t`Lines to inspect`} head={<><Table.Th><Trans>Rule</Trans></Table.Th><Table.Th ta="right"><Trans>Inspected</Trans></Table.Th></>}>
        {view.lines.map((l) => (
          <Table.Tr key={l.line_no} data-testid="qc-row">
            <SkuCell skuId={l.sku_id} skuName={l.sku_name} />
            <Table.Td>
              <Text size="xs">{l.rule_name ?? t`none`}</Text>
              {l.rule_id !== null && <Text size="xs" c="dimmed">{ruleText(l, i18n)}{l.aql_level ? ` ${l.aql_level} · ${l.code_letter ?? ''} Ac ${l.accept_qty ?? 0} Re ${l.reject_qty ?? 1}` : ''}</Text>}
            </Table.Td>
            <Table.Td ta="right">
              <Text size="sm" fw={600}>{l.inspected_qty} / {l.sample_qty}</Text>
              {l.failed_qty > 0 && <Text size="xs" c="red"><Trans>{l.failed_qty} failed</Trans></Text>}
              {l.verdict && <Text size="xs" fw={600} c={l.verdict === 'accept' ? 'teal' : 'red'}>{l.verdict === 'accept' ? t`Lot accepted` : t`Lot rejected`}</Text>}
            </Table.Td>
          </Table.Tr>
        ))}
      </LinesTable>
      {view.status === INBOUND_STATUS.values.CHECKING && mayInspect && (
        <Button color="teal" onClick={() => complete.mutate()} loading={complete.isPending} disabled={!view.can_complete} data-testid="qc-complete">
          <Trans>Complete QC</Trans>
        </Button>
      )}
    </ScanTaskPage>
  );
}
