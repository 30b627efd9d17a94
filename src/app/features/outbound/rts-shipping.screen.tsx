import { useState } from 'react';
import { Button, Group, Paper, Select, Stack, Switch, Table, TextInput, Title } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { OUTBOUND_ORDER_TYPE, RTS_REMOVAL_DISPOSAL } from '../../../shared/codes';
import { RTS_ORDER_ACCESS, RTS_SHIPPING_PAGES, rtsOrderContract, type RtsShippingTask } from '../../../shared/contract/rts-order.contract';
import { rtsOrderResource } from '../../../shared/resources/rts-order.resource';
import { callApi } from '../../kit/api';
import { usePrinter } from '../../kit/print/use-printer';
import { NoData, orPlaceholder } from '../../kit/record-parts';
import { FieldValue } from '../../kit/resource/field-value';
import { toast } from '../../kit/toast';
import { useSession } from '../../kit/use-session';
import { OrderLink } from './outbound-parts';

const F = rtsOrderResource.fields;
const RTS = OUTBOUND_ORDER_TYPE.values.RTS;
const KEY = ['outbound', 'rtsShipping'] as const;

const tasksQuery = (taskNo?: string) => ({
  queryKey: [...KEY, 'tasks', taskNo ?? null],
  queryFn: ({ signal }: { signal: AbortSignal }) => callApi(rtsOrderContract.listRtsShippingTasks, { shipped: 0, ...(taskNo ? { task_no: taskNo } : {}) }, { signal }),
});

/** The warehouse's manifest auto-print switch (spec §7 get/update_manifest_auto_print_config). */
function AutoPrintSwitch() {
  const { t } = useLingui();
  const { perms } = useSession();
  const queryClient = useQueryClient();
  const config = useQuery({ queryKey: [...KEY, 'autoPrint'], queryFn: ({ signal }) => callApi(rtsOrderContract.getManifestAutoPrintConfig, {}, { signal }) });
  const update = useMutation({
    mutationFn: (on: boolean) => callApi(rtsOrderContract.updateManifestAutoPrintConfig, { config_value: on ? 1 : 0 }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...KEY, 'autoPrint'] }),
  });
  return (
    <Switch
      label={t`Print the manifest at once`}
      checked={config.data?.config_value === 1}
      disabled={!config.data || !perms.has(RTS_ORDER_ACCESS.ship.perm) || update.isPending}
      onChange={(e) => update.mutate(e.currentTarget.checked)}
      data-testid="rts-manifest-auto-print"
    />
  );
}

function TaskRows({ tasks, canShip }: { tasks: readonly RtsShippingTask[]; canShip: boolean }) {
  if (tasks.length === 0) return <NoData />;
  return (
    <Table striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th><Trans>Task No.</Trans></Table.Th>
          <Table.Th><Trans>Order No.</Trans></Table.Th>
          <Table.Th><Trans>Supplier ID</Trans></Table.Th>
          <Table.Th><Trans>Container</Trans></Table.Th>
          <Table.Th ta="right"><Trans>Picked Qty</Trans></Table.Th>
          <Table.Th><Trans>Finished At</Trans></Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tasks.map((task) => (
          <Table.Tr key={task.task_no}>
            <Table.Td ff="monospace">{task.task_no}</Table.Td>
            <Table.Td>{task.order_nos.map((no) => <div key={no}><OrderLink orderNo={no} orderType={RTS} /></div>)}</Table.Td>
            <Table.Td>{orPlaceholder(task.supplier_id)}</Table.Td>
            <Table.Td ff="monospace">{orPlaceholder(task.container_code)}</Table.Td>
            <Table.Td ta="right">{task.picked_qty}</Table.Td>
            <Table.Td><FieldValue field={F.created_at} value={task.finished_at} /></Table.Td>
            <Table.Td>
              {canShip && (
                <Button size="xs" variant="light" component={Link} to={RTS_SHIPPING_PAGES.create.replace('$taskNumber', encodeURIComponent(task.task_no))}>
                  <Trans>Ship</Trans>
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The shipment of one finished task: carrier, tracking number, removal disposal; the manifest printed at once when auto-print is on. */
function CreateShipment({ taskNo }: { taskNo: string }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { print } = usePrinter();
  const task = useQuery(tasksQuery(taskNo));
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [disposal, setDisposal] = useState<string | null>(null);
  const ship = useMutation({
    mutationFn: () => callApi(rtsOrderContract.createRtsShipment, {
      task_no: taskNo, carrier_name: carrier.trim() || null, tracking_no: tracking.trim() || null, removal_disposal: disposal === null ? null : Number(disposal),
    }),
    onSuccess: async ({ shipment, auto_print: autoPrint, print_job: job }) => {
      const shipmentNo = shipment.shipment_no;
      toast.success(t`Shipped to supplier with shipment ${shipmentNo}`);
      if (autoPrint) await print(job);
      void queryClient.invalidateQueries({ queryKey: KEY });
      void queryClient.invalidateQueries({ queryKey: ['outbound'] });
      void navigate({ to: RTS_SHIPPING_PAGES.list });
    },
  });
  return (
    <Stack gap="md" maw={960}>
      <Title order={1} fz="h2"><Trans>Create Shipping</Trans> {taskNo}</Title>
      <TaskRows tasks={task.data?.list ?? []} canShip={false} />
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm" maw={420}>
          <TextInput label={t`Carrier`} value={carrier} maxLength={100} onChange={(e) => setCarrier(e.currentTarget.value)} />
          <TextInput label={t`Tracking No.`} value={tracking} maxLength={64} onChange={(e) => setTracking(e.currentTarget.value)} />
          <Select
            label={i18n._(F.removal_disposal.label)} clearable value={disposal} onChange={setDisposal}
            data={RTS_REMOVAL_DISPOSAL.options.map((o) => ({ value: String(o.value), label: i18n._(o.label) }))}
          />
          <Group>
            <Button leftSection={<IconTruckDelivery size={16} aria-hidden />} disabled={(task.data?.list.length ?? 0) === 0} loading={ship.isPending} onClick={() => ship.mutate()}>
              <Trans>Ship</Trans>
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

/**
 * /rtsoutbound/shipping: the finished RTS picking tasks waiting to ship, with the warehouse's
 * manifest auto-print switch; /rtsoutbound/shipping/create/$taskNumber ships one (rts-shipping.ts
 * on the server: return to supplier 4, the orders shipped, the manifest logged and printed).
 */
export default function RtsShippingScreen() {
  const { perms } = useSession();
  const { taskNumber } = useParams({ strict: false }) as { taskNumber?: string };
  const tasks = useQuery({ ...tasksQuery(), enabled: !taskNumber });
  if (taskNumber) return <CreateShipment taskNo={taskNumber} />;
  return (
    <Stack gap="md" maw={1280}>
      <Group justify="space-between">
        <Title order={1} fz="h2"><Trans>Shipping</Trans></Title>
        <AutoPrintSwitch />
      </Group>
      <TaskRows tasks={tasks.data?.list ?? []} canShip={perms.has(RTS_ORDER_ACCESS.ship.perm)} />
    </Stack>
  );
}
