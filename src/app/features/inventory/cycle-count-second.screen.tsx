import { useState } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { CYCLE_COUNT_RESULT } from '../../../shared/codes';
import { contract, type OutputOf } from '../../../shared/contract';
import { CC_LIST_MAX, CC_PAGES } from '../../../shared/contract/cycle-count.contract';
import { groupNumber } from '../../../shared/format';
import { RET } from '../../../shared/retcodes';
import { callApi, isApiError } from '../../kit/api';
import { NoData } from '../../kit/record-parts';
import { RecordPending } from '../../kit/record-pending';
import { FieldValue } from '../../kit/resource/field-value';
import { useSearchParam } from '../../kit/search-param';
import { pageTitle } from '../../routes/access';
import { differs, locationsOf, pageAt, secondCountLocations } from './cycle-count-form';
import { resultField } from './cycle-count-fields';
import { ccQueries } from './cycle-count.queries';

type Line = OutputOf<typeof contract.getCcOrderDetailSkuLocationList>['list'][number];
type Made = OutputOf<typeof contract.createSecondCc>;

const R = CYCLE_COUNT_RESULT.values;

/** Every differing line of the order (surplus and missing, read a page of 500 at a time up to the list limit). */
async function differingLines(orderNo: string, signal: AbortSignal): Promise<Line[]> {
  const lines: Line[] = [];
  for (const result of [R.SURPLUS, R.MISSING] as const) {
    for (let page = 1; lines.length < CC_LIST_MAX; page += 1) {
      const got = await callApi(contract.getCcOrderDetailSkuLocationList, { order_no: orderNo, result, page_no: page, page_size: 500 }, { signal });
      lines.push(...got.list.filter((l) => differs(l.result)));
      if (got.list.length < 500) break;
    }
  }
  return lines.sort((a, b) => a.location_id.localeCompare(b.location_id) || a.sku_id.localeCompare(b.sku_id));
}

/**
 * Create Second Count (spec §2 /inventorymanage/cc/cctask/createsecondcc?order_no=): the order's
 * differing lines by location, every location chosen at first; confirming counts them again in the
 * next round (create_second_cc) and shows that round's tasks.
 */
export default function CycleCountSecondScreen() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const orderNo = useSearchParam('order_no') ?? '';
  const order = useQuery(ccQueries.order(orderNo));
  const lines = useQuery({
    queryKey: ['cycleCount', 'differingLines', orderNo],
    queryFn: ({ signal }) => differingLines(orderNo, signal),
    enabled: orderNo !== '',
  });
  const locations = locationsOf(lines.data ?? []);
  const [unchosen, setUnchosen] = useState<ReadonlySet<string>>(new Set());
  const chosen = new Set(locations.filter((l) => !unchosen.has(l)));
  const [made, setMade] = useState<Made | null>(null);
  const create = useMutation({
    mutationFn: () => callApi(contract.createSecondCc, { order_no: orderNo, location_ids: secondCountLocations(locations, chosen) }, { noErrorCodes: [RET.CC_SECOND_COUNT_REFUSED] }),
    onSuccess: async (answer) => {
      setMade(answer);
      await queryClient.invalidateQueries({ queryKey: ccQueries.all });
    },
  });
  const title = pageTitle(CC_PAGES.secondCount);
  const heading = title ? i18n._(title) : '';
  if (!order.data) return <RecordPending heading={heading} id={orderNo} error={order.error} />;
  const flip = (location: string, on: boolean) => {
    const next = new Set(unchosen);
    if (on) next.delete(location); else next.add(location);
    setUnchosen(next);
  };
  const refusal = isApiError(create.error, RET.CC_SECOND_COUNT_REFUSED) ? create.error.message : null;

  return (
    <Stack gap="lg" maw={1200}>
      <Stack gap={4}>
        <Title order={1} fz="h2">{heading}</Title>
        <Text size="sm">
          <Trans>Order</Trans>{' '}
          <Anchor component={Link} to={CC_PAGES.orderView} search={{ order_no: orderNo } as never}>{orderNo}</Anchor>
          {' · '}<Trans>round {order.data.round}</Trans>
        </Text>
      </Stack>
      {made ? (
        <Alert color="teal" icon={<IconCheck size={18} aria-hidden />} title={t`Round ${made.round} created`} data-testid="cc-second-made">
          <Stack gap={4}>
            <Text size="sm"><Trans>Counters who did not count these locations before count them again in these tasks:</Trans></Text>
            <List size="sm">
              {made.task_nos.map((taskNo) => (
                <List.Item key={taskNo}><Anchor component={Link} to={pageAt(CC_PAGES.taskDetail, taskNo)} size="sm">{taskNo}</Anchor></List.Item>
              ))}
            </List>
            <Anchor component={Link} to={CC_PAGES.orderView} search={{ order_no: orderNo } as never} size="sm"><Trans>Back to the order</Trans></Anchor>
          </Stack>
        </Alert>
      ) : (
        <>
          {refusal && <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="cc-second-refusal">{refusal}</Alert>}
          <Paper withBorder radius="md" p="md">
            <Group justify="space-between" mb="sm">
              <Checkbox
                label={t`All differing locations (${groupNumber(chosen.size)} of ${groupNumber(locations.length)} chosen)`}
                checked={locations.length > 0 && chosen.size === locations.length}
                indeterminate={chosen.size > 0 && chosen.size < locations.length}
                onChange={(e) => setUnchosen(e.currentTarget.checked ? new Set() : new Set(locations))}
              />
              <Button onClick={() => create.mutate()} loading={create.isPending} disabled={chosen.size === 0} data-testid="cc-second-confirm">
                <Trans>Confirm</Trans>
              </Button>
            </Group>
            <Table.ScrollContainer minWidth={760}>
              <Table striped aria-label={t`Differing lines`} data-testid="cc-second-lines">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={40} /><Table.Th>{t`Location`}</Table.Th><Table.Th>{t`SKU ID`}</Table.Th><Table.Th>{t`SKU Name`}</Table.Th>
                    <Table.Th ta="right">{t`Book`}</Table.Th><Table.Th ta="right">{t`Counted`}</Table.Th><Table.Th>{t`Result`}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(lines.data ?? []).map((line, i, all) => {
                    const firstOfLocation = i === 0 || all[i - 1]!.location_id !== line.location_id;
                    return (
                      <Table.Tr key={`${line.location_id}/${line.sku_id}`}>
                        <Table.Td>
                          {firstOfLocation && (
                            <Checkbox
                              aria-label={t`Count ${line.location_id} again`} checked={chosen.has(line.location_id)}
                              onChange={(e) => flip(line.location_id, e.currentTarget.checked)}
                            />
                          )}
                        </Table.Td>
                        <Table.Td fw={firstOfLocation ? 500 : undefined}>{line.location_id}</Table.Td>
                        <Table.Td>{line.sku_id}</Table.Td><Table.Td>{line.sku_name}</Table.Td>
                        <Table.Td ta="right">{groupNumber(line.book_qty ?? line.system_qty)}</Table.Td>
                        <Table.Td ta="right">{groupNumber(line.counted_qty ?? 0)}</Table.Td>
                        <Table.Td><FieldValue field={resultField} value={line.result} /></Table.Td>
                      </Table.Tr>
                    );
                  })}
                  {lines.data?.length === 0 && <Table.Tr><Table.Td colSpan={7}><NoData /></Table.Td></Table.Tr>}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        </>
      )}
    </Stack>
  );
}
