import { useState, type FormEvent } from 'react';
import { Paper, Select, SimpleGrid, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { ORDER_PRIORITY, PARCEL_SPLIT, type CodeOf } from '../../../shared/codes';
import { ORDER_REMARK_MAX, SALES_ORDER_PAGES, salesOrderContract } from '../../../shared/contract/sales-order.contract';
import { salesOrderResource } from '../../../shared/resources/sales-order.resource';
import { RET } from '../../../shared/retcodes';
import { requiredMessage } from '../../../shared/validation';
import { callApi } from '../../kit/api';
import { wallClockToUnix } from '../../kit/resource/date-range';
import { DatesLocale } from '../../kit/resource/dates-locale';
import { useWarehouseTimeZone } from '../../kit/resource/field-value';
import { toast } from '../../kit/toast';
import { outboundQueries } from './outbound.queries';
import { emptyDelivery, orderInputOf, orderReady, type DeliveryDraft } from './sales-order-form';
import { emptyOrderLine, type OrderLineDraft } from '../../kit/order-lines/order-lines';
import { LinesForm, OrderFormFooter, formRefusal } from '../../kit/order-lines/order-lines-form';

const F = salesOrderResource.fields;

/** A refusal that names the order's external number, not a line (-289001: the same number with other lines). */
const ORDER_REFUSALS: readonly number[] = [RET.ORDER_EXTERNAL_NO_CLASH];

/**
 * /salesoutbound/order/create: a sales order typed on screen — the order system's number, priority,
 * parcel split, shop, cut-off, remark and its lines (SKU and quantity). Sent, it opens the order's
 * detail; the same external number and lines again open the order made first. A line the server
 * refuses (unknown SKU, more than the warehouse holds) shows the reason on that line.
 */
export default function SalesOrderCreateScreen() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const timeZone = useWarehouseTimeZone();

  const [externalNo, setExternalNo] = useState('');
  const [priority, setPriority] = useState<CodeOf<typeof ORDER_PRIORITY>>(ORDER_PRIORITY.values.NORMAL);
  const [parcelSplit, setParcelSplit] = useState<CodeOf<typeof PARCEL_SPLIT>>(PARCEL_SPLIT.values.NONE);
  const [shopId, setShopId] = useState('');
  const [cutoff, setCutoff] = useState<string | null>(null);
  const [remark, setRemark] = useState('');
  const [delivery, setDelivery] = useState<DeliveryDraft>(emptyDelivery);
  const deliveryInput = (key: keyof DeliveryDraft) => ({
    value: delivery[key], onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setDelivery((d) => ({ ...d, [key]: value }));
    },
  });
  const [lines, setLines] = useState<OrderLineDraft[]>(() => [emptyOrderLine()]);
  const [touched, setTouched] = useState(false);

  const draft = {
    external_no: externalNo, priority, parcel_split: parcelSplit, shop_id: shopId,
    cutoff_at: cutoff ? wallClockToUnix(cutoff, timeZone) : null, remark, delivery, lines,
  };
  const ready = orderReady(draft);

  const save = useMutation({
    mutationFn: () => callApi(salesOrderContract.createSalesOrder, orderInputOf(draft), { noErrorCodes: [RET.ORDER_LINE_INVALID, ...ORDER_REFUSALS] }),
    onSuccess: ({ order, created }) => {
      const orderNo = order.order_no;
      if (created) toast.success(t`Sales order ${orderNo} created`);
      else toast.success(t`This external order number was sent before with the same lines: sales order ${orderNo} is the one made then.`);
      void queryClient.invalidateQueries({ queryKey: ['resource'] });
      void queryClient.invalidateQueries({ queryKey: outboundQueries.all });
      void navigate({ to: SALES_ORDER_PAGES.detail.replace('$id', encodeURIComponent(orderNo)) });
    },
  });
  const { lineRefusal, refusedIndex, orderRefusal } = formRefusal(save.error, lines.length);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (ready) save.mutate();
  };

  return (
    <DatesLocale enabled>
      <form onSubmit={onSubmit} noValidate data-testid="sales-order-create-form">
        <Stack gap="md" maw={1200}>
          <Title order={1} fz="h2"><Trans>Create Sales Order</Trans></Title>
          <Paper withBorder radius="md" p="md">
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              <TextInput
                label={i18n._(F.external_no.label)} required maxLength={64} value={externalNo}
                onChange={(e) => {
                  save.reset();
                  setExternalNo(e.currentTarget.value);
                }}
                error={touched && externalNo.trim() === '' ? i18n._(requiredMessage(i18n._(F.external_no.label), 'input')) : null}
              />
              <Select
                label={i18n._(F.priority.label)} allowDeselect={false}
                data={ORDER_PRIORITY.options.map((o) => ({ value: String(o.value), label: i18n._(o.label) }))}
                value={String(priority)} onChange={(v) => v && setPriority(Number(v) as CodeOf<typeof ORDER_PRIORITY>)}
              />
              <Select
                label={i18n._(F.parcel_split.label)} allowDeselect={false}
                data={PARCEL_SPLIT.options.map((o) => ({ value: String(o.value), label: i18n._(o.label) }))}
                value={String(parcelSplit)} onChange={(v) => v && setParcelSplit(Number(v) as CodeOf<typeof PARCEL_SPLIT>)}
              />
              <TextInput label={i18n._(F.shop_id.label)} maxLength={64} value={shopId} onChange={(e) => setShopId(e.currentTarget.value)} />
              <DateTimePicker
                label={i18n._(F.cutoff_at.label)} value={cutoff} onChange={setCutoff} clearable valueFormat="YYYY-MM-DD HH:mm"
                placeholder={t`Date and time`} popoverProps={{ withinPortal: true }}
              />
              <Textarea
                label={<Trans>Remark</Trans>} maxLength={ORDER_REMARK_MAX} autosize minRows={1} value={remark}
                onChange={(e) => setRemark(e.currentTarget.value)}
              />
            </SimpleGrid>
          </Paper>

          <Paper withBorder radius="md" p="md">
            <Title order={2} fz="h4" mb="sm"><Trans>Delivery</Trans></Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              <TextInput label={t`Carrier`} maxLength={64} {...deliveryInput('carrier')} />
              <TextInput label={t`Tracking No.`} description={t`Leave empty: a number is issued at packing.`} maxLength={40} {...deliveryInput('tracking_no')} />
              <TextInput label={t`Receiver`} maxLength={100} {...deliveryInput('receiver_name')} />
              <TextInput label={t`Receiver Phone`} maxLength={32} {...deliveryInput('receiver_phone')} />
              <Textarea label={t`Receiver Address`} maxLength={300} autosize minRows={1} {...deliveryInput('receiver_address')} />
            </SimpleGrid>
          </Paper>

          <LinesForm
            lines={lines} touched={touched} refusedIndex={refusedIndex} refusal={lineRefusal?.message}
            setLines={setLines} onEdit={() => save.reset()}
          />

          <OrderFormFooter refusal={orderRefusal} saving={save.isPending} />
        </Stack>
      </form>
    </DatesLocale>
  );
}
