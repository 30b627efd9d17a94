import { useState } from 'react';
import { Alert, Button, Group, NumberInput, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { INBOUND_EXCEPTION_REASON, INBOUND_EXCEPTION_TYPE } from '../../../shared/codes';
import { UPPER_BOUND } from '../../../shared/constants';
import { MASS_PUTAWAY_PAGE, STANDARD_PUTAWAY_PAGE } from '../../../shared/contract/putaway.contract';
import { EXCEPTION_REMARK_MAX } from '../../../shared/resources/inbound-exception.resource';
import { putawayOps } from '../../../shared/ops/putaway.ops';
import { cue } from '../../kit/feedback';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { enqueue } from '../../kit/outbox';
import { sayQueueFailure } from '../../kit/outbox/use-queue';
import { useSearchParam } from '../../kit/search-param';
import { toast } from '../../kit/toast';

/**
 * Report exception of standard and mass putaway (spec §2 …/reportexception): what is wrong with
 * units of the task on screen — damaged, expired, a wrong SKU on the pallet. The report is an op
 * of the outbox like the puts (offline too); the Exception Center handles it from there.
 */
export default function PutawayExceptionScreen() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const mass = useRouterState({ select: (s) => s.location.pathname.includes(MASS_PUTAWAY_PAGE) });
  const page = mass ? MASS_PUTAWAY_PAGE : STANDARD_PUTAWAY_PAGE;
  const taskNo = useSearchParam('task_no') ?? '';
  const lineParam = useSearchParam('line_no');
  const code = useSearchParam('code');
  const lineSku = useSearchParam('sku_id') ?? '';
  const [skuId, setSkuId] = useState(lineSku);
  const [type, setType] = useState<string | null>(null);
  const [reason, setReason] = useState<string | null>(null);
  const [qty, setQty] = useState<number | string>(1);
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  // Another SKU than the line's (found on its pallet) is reported without the line.
  const lineNo = lineParam && skuId.trim() === lineSku ? Number(lineParam) : null;
  const back = mass ? { to: page, search: { code: code ?? taskNo } } : { to: page, search: { task_no: taskNo } };
  const op = mass ? putawayOps.massReportException : putawayOps.reportException;
  const mayReport = useMayCall(op.access);

  if (!taskNo) {
    return (
      <Stack gap="md" maw={560} mx="auto">
        <Title order={1} fz="h3"><Trans>Report Exception</Trans></Title>
        <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />}>
          <Trans>Open this page from a putaway task: it reports units of that task.</Trans>
        </Alert>
        <Button component={Link} to={page} variant="default"><Trans>Back to putaway</Trans></Button>
      </Stack>
    );
  }

  const submit = async () => {
    setBusy(true);
    try {
      await enqueue(op, {
        task_no: taskNo, line_no: lineNo, sku_id: skuId.trim(), exception_type: Number(type), reason: Number(reason),
        qty: typeof qty === 'number' ? qty : Number.NaN, remark: remark.trim() || null,
      });
      cue('scan.accepted');
      toast.success(t`Exception saved on this device; it is sent with the puts.`);
      void navigate({ to: back.to, search: back.search as never });
    } catch (error) {
      sayQueueFailure(i18n, error);
    } finally {
      setBusy(false);
    }
  };

  const options = (list: typeof INBOUND_EXCEPTION_TYPE | typeof INBOUND_EXCEPTION_REASON) =>
    list.options.map((o) => ({ value: String(o.value), label: i18n._(o.label) }));
  const complete = skuId.trim() !== '' && type !== null && reason !== null && typeof qty === 'number' && qty >= 1;
  return (
    <Stack gap="md" maw={560} mx="auto">
      <div>
        <Title order={1} fz="h3"><Trans>Report Exception</Trans></Title>
        <Text size="sm" c="dimmed"><Trans>Task {taskNo}</Trans></Text>
      </div>
      {!mayReport ? <MissingPermissionNote access={op.access} /> : (
        <form onSubmit={(e) => { e.preventDefault(); void submit(); }}>
          <Stack gap="sm">
            <TextInput label={<Trans>SKU</Trans>} value={skuId} onChange={(e) => setSkuId(e.currentTarget.value)} required maxLength={100} data-testid="exception-sku" />
            <Select label={<Trans>Exception type</Trans>} data={options(INBOUND_EXCEPTION_TYPE)} value={type} onChange={setType} required allowDeselect={false} data-testid="exception-type" />
            <Select label={<Trans>Reason</Trans>} data={options(INBOUND_EXCEPTION_REASON)} value={reason} onChange={setReason} required allowDeselect={false} data-testid="exception-reason" />
            <NumberInput label={<Trans>Quantity</Trans>} value={qty} onChange={setQty} min={1} max={UPPER_BOUND} allowDecimal={false} allowNegative={false} inputMode="numeric" required />
            <Textarea label={<Trans>Remark</Trans>} value={remark} onChange={(e) => setRemark(e.currentTarget.value)} maxLength={EXCEPTION_REMARK_MAX} autosize minRows={2} />
            <Group grow>
              <Button variant="default" component={Link} to={back.to} search={back.search as never}><Trans>Cancel</Trans></Button>
              <Button type="submit" disabled={!complete} loading={busy} data-testid="exception-submit"><Trans>Report</Trans></Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
