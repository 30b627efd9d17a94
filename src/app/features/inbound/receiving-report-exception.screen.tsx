import { useState } from 'react';
import { Alert, Button, NumberInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { INBOUND_EXCEPTION_REASON, INBOUND_EXCEPTION_TYPE } from '../../../shared/codes';
import { contract } from '../../../shared/contract';
import { UPPER_BOUND } from '../../../shared/constants';
import { RECEIVING_REPORT_REASONS, exceptionTypeOfReason, type ExceptionReason } from '../../../shared/inbound-exception';
import { EXCEPTION_REMARK_MAX } from '../../../shared/resources/inbound-exception.resource';
import { callApi } from '../../kit/api';
import { cue } from '../../kit/feedback';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { ScanInput } from '../../kit/scan/scan-input';
import { useSearchParam } from '../../kit/search-param';

/**
 * Receiving › Report Exception (spec §2 /inbound/receiving/reportexception): what the receiving
 * desk finds — damaged, expired or expiring units, a wrong UPC or wrong SKU information, an
 * unknown item — reported against the ASN (and its SKU and carton when scanned) as an inbound
 * exception. Damaged and expired units of a line not yet received are then received as damaged.
 */
export default function ReceivingReportExceptionScreen() {
  const { t, i18n } = useLingui();
  const fromReceiving = useSearchParam('asn');
  const [asnNo, setAsnNo] = useState(fromReceiving ?? '');
  const [skuId, setSkuId] = useState('');
  const [trackingId, setTrackingId] = useState('');
  const [reason, setReason] = useState<string | null>(null);
  const [qty, setQty] = useState<number | string>(1);
  const [remark, setRemark] = useState('');
  const report = useMutation({
    mutationFn: () => callApi(contract.reportInboundException, {
      asn_no: asnNo.trim(), sku_id: skuId.trim() || null, tracking_id: trackingId.trim() || null,
      reason: Number(reason) as ExceptionReason & (typeof RECEIVING_REPORT_REASONS)[number], qty: Number(qty), remark: remark.trim() || null,
    }),
    onSuccess: () => {
      cue('scan.accepted', { say: t`Reported` });
      setSkuId('');
      setTrackingId('');
      setQty(1);
      setRemark('');
    },
    onError: () => cue('scan.refused'),
  });
  const type = reason ? INBOUND_EXCEPTION_TYPE.label(exceptionTypeOfReason(Number(reason) as ExceptionReason)) : undefined;
  const mayReport = useMayCall(contract.reportInboundException.access);
  const ready = asnNo.trim() !== '' && reason !== null && Number.isInteger(Number(qty)) && Number(qty) >= 1;
  return (
    <Stack gap="sm" maw={720} mx="auto">
      <Title order={1} fz="h3"><Trans>Report Exception</Trans></Title>
      {!mayReport ? <MissingPermissionNote access={contract.reportInboundException.access} /> : (
        <>
          {report.data && (
            <Alert color="teal" icon={<IconCheck size={18} aria-hidden />} title={t`Exception ${report.data.exception_no} reported`} data-testid="report-done">
              <Trans>It waits in the Exception Center to be checked.</Trans>
            </Alert>
          )}
          <ScanInput label={<Trans>ASN</Trans>} placeholder={asnNo || t`Scan the ASN number`} onScan={({ value }) => { setAsnNo(value.trim()); }} testId="report-asn" keepFocus={false} />
          <Text size="sm" data-testid="report-asn-value"><Trans>ASN: {asnNo}</Trans></Text>
          <ScanInput label={<Trans>SKU</Trans>} placeholder={skuId || t`Scan the SKU (not needed for an unknown item)`} onScan={({ value }) => { setSkuId(value.trim()); }} testId="report-sku" keepFocus={false} />
          {skuId && <Text size="sm"><Trans>SKU: {skuId}</Trans></Text>}
          <ScanInput label={<Trans>Carton</Trans>} placeholder={trackingId || t`Scan the carton's tracking ID (optional)`} onScan={({ value }) => { setTrackingId(value.trim()); }} testId="report-carton" keepFocus={false} />
          {trackingId && <Text size="sm"><Trans>Carton: {trackingId}</Trans></Text>}
          <Select
            label={<Trans>Reason</Trans>}
            data={RECEIVING_REPORT_REASONS.map((r) => ({ value: String(r), label: i18n._(INBOUND_EXCEPTION_REASON.label(r)!) }))}
            value={reason}
            onChange={setReason}
            description={type ? t`Reported as: ${i18n._(type)}` : undefined}
            comboboxProps={{ withinPortal: false }}
            data-testid="report-reason"
          />
          <NumberInput label={<Trans>Quantity</Trans>} value={qty} onChange={setQty} min={1} max={UPPER_BOUND} allowDecimal={false} allowNegative={false} />
          <TextInput label={<Trans>Remark</Trans>} value={remark} onChange={(e) => setRemark(e.currentTarget.value)} maxLength={EXCEPTION_REMARK_MAX} />
          <Button onClick={() => report.mutate()} disabled={!ready} loading={report.isPending} data-testid="report-submit"><Trans>Report</Trans></Button>
        </>
      )}
    </Stack>
  );
}
