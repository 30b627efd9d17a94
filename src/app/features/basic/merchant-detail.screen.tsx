import { Anchor, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { merchantResource } from '../../../shared/resources/merchant.resource';
import { shopResource } from '../../../shared/resources/shop.resource';
import { derivePerm } from '../../../shared/routes/derive';
import { FieldValue } from '../../kit/resource/field-value';
import { ResourceDetail } from '../../kit/resource/resource-detail';
import { useSession } from '../../kit/session';
import { catalogQueries } from './catalog.queries';

const { shop_name: nameField, shop_type: typeField, status: statusField } = shopResource.fields;

/** The merchant's shops in this warehouse, each linking to its detail. */
function MerchantShops({ merchantId }: { merchantId: string }) {
  const { t, i18n } = useLingui();
  const shops = useQuery(catalogQueries.shopsOfMerchant(merchantId));
  if (!shops.data) return null;
  return (
    <Paper withBorder radius="md" p="md" maw={960}>
      <Title order={2} fz="h4" mb="sm"><Trans>Shops</Trans></Title>
      {shops.data.list.length === 0 ? (
        <Text c="dimmed" size="sm"><Trans>No data</Trans></Text>
      ) : (
        <Table aria-label={t`Shops`} data-testid="merchant-shops">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{i18n._(shopResource.fields.shop_id.label)}</Table.Th>
              <Table.Th>{i18n._(nameField.label)}</Table.Th>
              <Table.Th>{i18n._(typeField.label)}</Table.Th>
              <Table.Th>{i18n._(statusField.label)}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shops.data.list.map((shop) => (
              <Table.Tr key={String(shop.shop_id)}>
                <Table.Td>
                  <Anchor component={Link} to={`/wmsbasic/shop/detail/${encodeURIComponent(String(shop.shop_id))}`}>{String(shop.shop_id)}</Anchor>
                </Table.Td>
                <Table.Td><FieldValue field={nameField} value={shop.shop_name} /></Table.Td>
                <Table.Td><FieldValue field={typeField} value={shop.shop_type} /></Table.Td>
                <Table.Td><FieldValue field={statusField} value={shop.status} /></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

/** /wmsbasic/merchant/detail/$merchant_id: one merchant of the warehouse and its shops. */
export default function MerchantDetailScreen() {
  const { t } = useLingui();
  const { merchant_id: merchantId = '' } = useParams({ strict: false }) as { merchant_id?: string };
  // The shops are read with the shop list's permission: without it the merchant shows alone.
  const canSeeShops = useSession().perms.has(derivePerm('/wmsbasic/shop'));
  return (
    <Stack gap="md">
      <ResourceDetail resource={merchantResource} endpoint={contract.getMerchantDetail} title={t`Merchant Detail`} id={merchantId} />
      {canSeeShops && <MerchantShops merchantId={merchantId} />}
    </Stack>
  );
}
