import { Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useRouterState } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { EXPIRY_STATE, QUALITY, STOCK_LOCATION_TYPE } from '../../../shared/codes';
import { contract } from '../../../shared/contract';
import type { EndpointDef } from '../../../shared/contract/define';
import { groupNumber } from '../../../shared/format';
import type { ResourceDef } from '../../../shared/resources/define';
import {
  availableDetailResource, availableInventoryResource, expiryDetailResource, expiryInventoryResource, onhandDetailResource, onhandInventoryResource,
} from '../../../shared/resources/inventory-map.resource';
import { callApi } from '../../kit/api';
import { ResourceList } from '../../kit/resource/resource-list';
import { routeAt } from '../../routes/access';

type Row = Record<string, unknown>;

/** What a map's SKU detail shows: the map's rows of the SKU, and its balances (which of them). */
interface SkuDetailOf {
  map: ResourceDef;
  mapCall: EndpointDef;
  balances: ResourceDef;
  balancesCall: EndpointDef;
  /** Balance filters the page fixes: the available map's detail shows the good units in cells. */
  fixed: Readonly<Record<string, number>>;
  /** The figures above the balances, from the SKU's rows of the map: a label (a field's message id, or a message) and a number. */
  figures(rows: readonly Row[]): { label: string | MessageDescriptor; value: number }[];
}

const sum = (rows: readonly Row[], field: string, where: (row: Row) => boolean = () => true) =>
  rows.filter(where).reduce((total, row) => total + Number(row[field] ?? 0), 0);

/** The map's numeric fields of the SKU's one row, under their labels. */
const rowFigures = (map: ResourceDef) => (rows: readonly Row[]) =>
  Object.entries(map.fields).filter(([, field]) => field.kind === 'int').map(([name, field]) => ({ label: field.label, value: sum(rows, name) }));

const DETAILS: Readonly<Record<string, SkuDetailOf>> = {
  onhand: {
    map: onhandInventoryResource, mapCall: contract.searchOnhandInventory,
    balances: onhandDetailResource, balancesCall: contract.searchOnhandInventoryDetail,
    fixed: {}, figures: rowFigures(onhandInventoryResource),
  },
  available: {
    map: availableInventoryResource, mapCall: contract.searchAvailableInventory,
    balances: availableDetailResource, balancesCall: contract.searchAvailableInventoryDetail,
    fixed: { location_type: STOCK_LOCATION_TYPE.values.CELL, quality: QUALITY.values.GOOD }, figures: rowFigures(availableInventoryResource),
  },
  expiry: {
    map: expiryInventoryResource, mapCall: contract.searchExpiryInventory,
    balances: expiryDetailResource, balancesCall: contract.searchExpiryInventoryDetail,
    fixed: {},
    // A SKU has several dated batches: how many, and how much of its stock is in each state.
    figures: (rows) => {
      const inState = (state: number) => (row: Row) => row.expiry_state === state;
      return [
        { label: msg`Batches`, value: rows.length },
        { label: msg`On Hand`, value: sum(rows, 'onhand_qty') },
        { label: msg`Expiring Qty`, value: sum(rows, 'onhand_qty', inState(EXPIRY_STATE.values.EXPIRING)) },
        { label: msg`Expired Qty`, value: sum(rows, 'onhand_qty', inState(EXPIRY_STATE.values.EXPIRED)) },
      ];
    },
  },
};

/**
 * The SKU detail of the on-hand, available and expiry maps (/inventorymap/<map>/detail/$sku_id):
 * the SKU's figures on the map, and its balances location by location (batch, quality, blocked,
 * pre-picked, available, expiry), exportable.
 */
export default function SkuDetailScreen() {
  const { t, i18n } = useLingui();
  const { sku_id: rawSkuId = '' } = useParams({ strict: false }) as { sku_id?: string };
  const skuId = decodeURIComponent(rawSkuId);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const mapName = /\/inventorymap\/(\w+)\/detail\//.exec(pathname)?.[1] ?? 'onhand';
  const detail = DETAILS[mapName] ?? DETAILS.onhand!;
  const listPage = detail.map.pages!.list!;
  const detailPage = detail.map.pages!.detail!;
  const mapTitle = routeAt(listPage);
  const pageTitle = routeAt(detailPage);
  const rows = useQuery({
    queryKey: ['resource', detail.map.name, 'list', { sku_id: skuId, page_size: 200 }],
    queryFn: ({ signal }) => callApi(detail.mapCall, { sku_id: skuId, page_size: 200 } as never, { signal }) as Promise<{ list: Row[] }>,
    enabled: skuId !== '',
  });
  const list = rows.data?.list ?? [];
  const skuName = list[0]?.sku_name;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor component={Link} to={listPage} size="sm">
          <Group gap={4}><IconArrowLeft size={14} aria-hidden />{mapTitle ? i18n._(mapTitle.title) : listPage}</Group>
        </Anchor>
        <Title order={1} fz="h2">{pageTitle ? i18n._(pageTitle.title) : t`SKU Detail`}: {skuId}</Title>
        {typeof skuName === 'string' && <Text c="dimmed" data-testid="sku-name">{skuName}</Text>}
      </Stack>
      {rows.isPending ? <Skeleton h={72} /> : (
        <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="sm" data-testid="sku-figures">
          {detail.figures(list).map(({ label, value }) => ({ label: typeof label === 'string' ? i18n._(label) : i18n._(label), value })).map((figure) => (
            <Paper key={figure.label} withBorder p="sm" radius="md">
              <Text size="xs" c="dimmed">{figure.label}</Text>
              <Text fw={700} fz="lg">{groupNumber(figure.value)}</Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      {rows.isSuccess && list.length === 0 && <Text c="dimmed">{t`This SKU has no stock on this map.`}</Text>}
      <ResourceList
        resource={detail.balances}
        endpoint={detail.balancesCall}
        title={t`Balances`}
        headingLevel={2}
        // Saved filters and columns are the detail page's, whichever SKU it shows.
        path={detailPage.replace(/\/\$[^/]+/g, '')}
        remember={false}
        exportable
        fixedInput={{ sku_id: skuId, ...detail.fixed }}
      />
    </Stack>
  );
}
