import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, NumberInput, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconWaveSine } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { PICKING_TASK_KIND, PICKING_TYPE, SALES_ORDER_STATUS, type CodeOf } from '../../../shared/codes';
import { contract } from '../../../shared/contract';
import { SALES_ORDER_PAGES } from '../../../shared/contract/sales-order.contract';
import { TASK_UNITS_DEFAULT, TASK_UNITS_MAX, WAVE_ACCESS, WAVE_ORDERS_MAX, WAVE_PAGES, waveContract } from '../../../shared/contract/wave.contract';
import { waveableOrderResource } from '../../../shared/resources/sales-order.resource';
import { waveDetailLink } from '../../../shared/resources/wave.resource';
import { RET } from '../../../shared/retcodes';
import { callApi, isApiError } from '../../kit/api';
import { FieldValue } from '../../kit/resource/field-value';
import { ResourceList } from '../../kit/resource/resource-list';
import { useSearchParam } from '../../kit/search-param';
import { toast } from '../../kit/toast';
import { useSession } from '../../kit/use-session';
import { routeAt } from '../../routes/access';
import { useCanOpen } from '../../routes/use-access';
import { Section, codeField } from '../../kit/record-parts';
import { TaskLink } from './outbound-parts';
import { outboundQueries } from './outbound.queries';
import { orderNosOf } from './wave-selection';

type Row = Record<string, unknown>;
type Released = Awaited<ReturnType<typeof callApi<typeof waveContract.createManualWave>>>;
const orderStatusField = codeField(SALES_ORDER_STATUS, /*i18n*/ 'Status', true);

/** What the release made: the wave (to its detail), its tasks (to theirs) and the orders it could not take, with why. */
function Result({ released }: { released: Released }) {
  const { t } = useLingui();
  const { wave, task_nos: taskNos, skipped } = released;
  const { wave_no: waveNo, order_count: orderCount, unit_count: unitCount } = wave;
  const canOpenWave = useCanOpen(WAVE_PAGES.logDetail);
  const canOpenOrder = useCanOpen(SALES_ORDER_PAGES.detail);
  const href = waveDetailLink(waveNo, wave.is_manual);
  return (
    <Section title={<Trans>Released</Trans>} testId="wave-result">
      <Stack gap="sm">
        <Group gap="xs">
          <IconCircleCheck size={18} color="var(--mantine-color-teal-6)" aria-hidden />
          <Text size="sm">
            <Trans>Wave</Trans>{' '}
            {canOpenWave ? <Anchor component={Link} to={href} fw={600}>{waveNo}</Anchor> : <Text span fw={600}>{waveNo}</Text>}
            {' · '}{t`Orders: ${orderCount} · Units: ${unitCount}`}
          </Text>
        </Group>
        <Group gap="xs" data-testid="wave-result-tasks">
          <Text size="sm" c="dimmed"><Trans>Picking tasks:</Trans></Text>
          {taskNos.map((taskNo) => <Badge key={taskNo} variant="light"><TaskLink taskNo={taskNo} kind={PICKING_TASK_KIND.values.PICKING} /></Badge>)}
        </Group>
        {skipped.length > 0 && (
          <Alert color="orange" title={t`Orders the wave did not take`} data-testid="wave-result-skipped">
            <Table>
              <Table.Tbody>
                {skipped.map((s) => (
                  <Table.Tr key={s.order_no}>
                    <Table.Td>
                      {canOpenOrder
                        ? <Anchor component={Link} to={SALES_ORDER_PAGES.detail.replace('$id', encodeURIComponent(s.order_no))}>{s.order_no}</Anchor>
                        : s.order_no}
                    </Table.Td>
                    <Table.Td><FieldValue field={orderStatusField} value={s.status} /></Table.Td>
                    <Table.Td>{s.reason}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Alert>
        )}
      </Stack>
    </Section>
  );
}

/**
 * /salesoutbound/manualWave: choose orders that can be released (created or waiting for stock,
 * not on hold; the sales order list's Create Wave opens this page with its choice), the picking
 * type and how many units one picking task holds, then Release: the server allocates what is not
 * allocated yet and makes the wave and its picking tasks. The answer shows the wave, its tasks and
 * every order it skipped with the reason.
 */
export default function ManualWaveScreen() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const { perms } = useSession();
  const fromList = useSearchParam('order_nos');
  const [selected, setSelected] = useState<ReadonlyMap<string, Row>>(() => new Map(orderNosOf(fromList).map((no) => [no, { order_no: no }])));
  const [pickingType, setPickingType] = useState<CodeOf<typeof PICKING_TYPE>>(PICKING_TYPE.values.PICK_TO_ORDER);
  const [maxUnits, setMaxUnits] = useState<number | string>(TASK_UNITS_DEFAULT);
  const [released, setReleased] = useState<Released | null>(null);
  const canRelease = perms.has(WAVE_ACCESS.create.perm);
  const route = routeAt(WAVE_PAGES.manual);
  const orderNos = [...selected.keys()];
  const count = orderNos.length;
  const unitsValid = typeof maxUnits === 'number' && maxUnits >= 1 && maxUnits <= TASK_UNITS_MAX;

  const release = useMutation({
    mutationFn: () => callApi(waveContract.createManualWave, { order_nos: orderNos, picking_type: pickingType, max_units_per_task: Number(maxUnits) }, {
      noErrorCodes: [RET.WAVE_ORDER_UNAVAILABLE],
    }),
    onSuccess: (answer) => {
      const waveNo = answer.wave.wave_no;
      toast.success(t`Wave ${waveNo} released`);
      setReleased(answer);
      setSelected(new Map());
      void queryClient.invalidateQueries({ queryKey: ['resource'] });
      void queryClient.invalidateQueries({ queryKey: outboundQueries.all });
    },
  });
  const refusal = isApiError(release.error, RET.WAVE_ORDER_UNAVAILABLE) ? release.error.message : null;

  return (
    <Stack gap="md">
      <Title order={1} fz="h2">{route ? i18n._(route.title) : WAVE_PAGES.manual}</Title>
      {released && <Result released={released} />}
      <Paper withBorder radius="md" p="md" data-testid="wave-release">
        <Group align="flex-end" gap="md">
          <Select
            label={<Trans>Picking Type</Trans>} allowDeselect={false} w={220}
            data={PICKING_TYPE.options.map((o) => ({ value: String(o.value), label: i18n._(o.label) }))}
            value={String(pickingType)} onChange={(v) => v && setPickingType(Number(v) as CodeOf<typeof PICKING_TYPE>)}
          />
          <NumberInput
            label={<Trans>Max Units per Task</Trans>} min={1} max={TASK_UNITS_MAX} allowDecimal={false} allowNegative={false} w={180}
            value={maxUnits} onChange={setMaxUnits} error={unitsValid ? null : t`1 to ${TASK_UNITS_MAX}`}
          />
          <Text size="sm" mb={8} data-testid="wave-chosen-count">{t`Chosen: ${count} (at most ${WAVE_ORDERS_MAX})`}</Text>
          {count > 0 && <Button variant="subtle" mb={2} onClick={() => setSelected(new Map())}><Trans>Clear choice</Trans></Button>}
          <Button
            leftSection={<IconWaveSine size={16} aria-hidden />} disabled={!canRelease || count === 0 || count > WAVE_ORDERS_MAX || !unitsValid}
            loading={release.isPending} onClick={() => release.mutate()}
          >
            <Trans>Release</Trans>
          </Button>
        </Group>
        {refusal && <Alert color="red" mt="sm" data-testid="wave-refusal">{refusal}</Alert>}
      </Paper>
      <ResourceList
        resource={waveableOrderResource}
        endpoint={contract.searchWaveableOrder}
        title={t`Orders that can be released`}
        description={<Trans>Created or waiting for stock, and not on hold; the longest waiting first.</Trans>}
        headingLevel={2}
        path={WAVE_PAGES.manual}
        remember={false}
        selection={{ selected, onChange: setSelected }}
      />
    </Stack>
  );
}
