import { useState } from 'react';
import { ActionIcon, Alert, Button, Grid, Group, NumberInput, Paper, Select, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconInfoCircle, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { INVENTORY_ADJUSTMENT_DIRECTION, INVENTORY_ADJUSTMENT_REASON, QUALITY, type CodeList } from '../../../shared/codes';
import { contract, type InputOf, type OutputOf } from '../../../shared/contract';
import { ADJUSTMENT_MAX_LINES } from '../../../shared/contract/adjustment.contract';
import { groupNumber } from '../../../shared/format';
import { ADJUSTMENT_REMARK_MAX } from '../../../shared/resources/adjustment.resource';
import { LOCATION_CODE_MAX, QTY_MAX } from '../../../shared/resources/stock-fields';
import { SKU_ID_MAX } from '../../../shared/resources/sku.resource';
import { callApi } from '../../kit/api';
import { toast } from '../../kit/toast';

type Line = InputOf<typeof contract.createAdjustment>['lines'][number] & { onhand: number; available: number };
type Stock = OutputOf<typeof contract.getAdjustmentStock>;

const { DEDUCTION } = INVENTORY_ADJUSTMENT_DIRECTION.values;
const sameBalance = (a: Omit<Line, 'direction' | 'qty' | 'onhand' | 'available'>, b: typeof a) =>
  a.location_id === b.location_id && a.sku_id === b.sku_id && a.batch_id === b.batch_id && a.quality === b.quality;

/** The balances of the SKU at the location: what an adjustment line starts from. */
function StockHere({ stock }: { stock: Stock }) {
  const { t, i18n } = useLingui();
  return (
    <Table withTableBorder fz="sm" aria-label={t`Stock here`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t`Batch ID`}</Table.Th><Table.Th>{t`Quality`}</Table.Th>
          <Table.Th ta="right">{t`On Hand`}</Table.Th><Table.Th ta="right">{t`Blocked`}</Table.Th><Table.Th ta="right">{t`Available`}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {stock.balances.map((b) => (
          <Table.Tr key={`${b.batch_id}/${b.quality}`}>
            <Table.Td>{b.batch_id}</Table.Td><Table.Td>{i18n._(QUALITY.label(b.quality)!)}</Table.Td>
            <Table.Td ta="right">{groupNumber(b.onhand_qty)}</Table.Td><Table.Td ta="right">{groupNumber(b.locked_qty)}</Table.Td>
            <Table.Td ta="right">{groupNumber(b.available_qty)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The lines made so far, each removable. */
function NewLines({ lines, onRemove }: { lines: readonly Line[]; onRemove(index: number): void }) {
  const { t, i18n } = useLingui();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped aria-label={t`Adjustment lines`} data-testid="new-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`Location`}</Table.Th><Table.Th>{t`SKU ID`}</Table.Th><Table.Th>{t`Batch ID`}</Table.Th><Table.Th>{t`Quality`}</Table.Th>
            <Table.Th>{t`Direction`}</Table.Th><Table.Th ta="right">{t`Qty`}</Table.Th><Table.Th ta="right">{t`On Hand`}</Table.Th><Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line, i) => (
            <Table.Tr key={`${line.location_id}/${line.sku_id}/${line.batch_id}/${line.quality}`}>
              <Table.Td>{line.location_id}</Table.Td><Table.Td>{line.sku_id}</Table.Td><Table.Td>{line.batch_id}</Table.Td>
              <Table.Td>{i18n._(QUALITY.label(line.quality)!)}</Table.Td><Table.Td>{i18n._(INVENTORY_ADJUSTMENT_DIRECTION.label(line.direction)!)}</Table.Td>
              <Table.Td ta="right">{groupNumber(line.qty)}</Table.Td><Table.Td ta="right">{groupNumber(line.onhand)}</Table.Td>
              <Table.Td>
                <ActionIcon variant="subtle" color="red" aria-label={t`Remove line`} onClick={() => onRemove(i)}>
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
          {lines.length === 0 && (
            <Table.Tr><Table.Td colSpan={8}><Text c="dimmed" ta="center" py="sm"><Trans>No lines yet</Trans></Text></Table.Td></Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Create Adjustment (spec §2 /inventorymanage/adjust/create): a reason of spec §3 and lines, each
 * found by location and SKU — the balances there show on hand and available — then a batch,
 * quality, direction and quantity. Saved as Created, or sent for approval at once.
 */
export default function AdjustmentCreateScreen() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const router = useRouter();
  const options = (codes: CodeList) => codes.options.map((o) => ({ value: String(o.value), label: i18n._(o.label) }));
  const [reason, setReason] = useState<string | null>(null);
  const [remark, setRemark] = useState('');
  const [lines, setLines] = useState<Line[]>([]);
  const [touched, setTouched] = useState(false);
  // The line being made.
  const [locationId, setLocationId] = useState('');
  const [skuId, setSkuId] = useState('');
  const [stock, setStock] = useState<Stock | null>(null);
  const [batchId, setBatchId] = useState<string | null>(null);
  const [quality, setQuality] = useState<string | null>(String(QUALITY.values.GOOD));
  const [direction, setDirection] = useState<string | null>(null);
  const [qty, setQty] = useState<number | string>('');

  const lookup = useMutation({
    mutationFn: () => callApi(contract.getAdjustmentStock, { location_id: locationId.trim(), sku_id: skuId.trim() }),
    onSuccess: (found) => {
      setStock(found);
      setBatchId(found.balances[0]?.batch_id ?? found.batches[0]?.batch_id ?? null);
      if (found.balances[0]) setQuality(String(found.balances[0].quality));
    },
    onError: () => setStock(null),
  });
  const save = useMutation({
    mutationFn: (submit: 0 | 1) => callApi(contract.createAdjustment, {
      reason: Number(reason) as InputOf<typeof contract.createAdjustment>['reason'],
      remark: remark.trim() || null,
      lines: lines.map(({ onhand: _onhand, available: _available, ...line }) => line),
      submit,
    }),
    onSuccess: (created) => {
      toast.success(t`Created`);
      void navigate({ to: '/inventorymanage/adjust/view', search: { adjust_no: created.adjust_no } as never });
    },
  });

  const balance = stock?.balances.find((b) => b.batch_id === batchId && String(b.quality) === quality);
  const lineReady = stock !== null && batchId !== null && quality !== null && direction !== null && typeof qty === 'number' && qty >= 1;
  const addLine = () => {
    if (!lineReady || !stock) return;
    const line: Line = {
      location_id: stock.location_id, sku_id: stock.sku_id, batch_id: batchId, quality: Number(quality) as Line['quality'],
      direction: Number(direction) as Line['direction'], qty, onhand: balance?.onhand_qty ?? 0, available: balance?.available_qty ?? 0,
    };
    if (lines.some((l) => sameBalance(l, line))) {
      toast.error(t`This balance already has a line: change that line instead.`);
      return;
    }
    setLines([...lines, line]);
    setQty('');
  };
  const label = t`Reason`;
  const missingReason = reason === null;
  const ready = !missingReason && lines.length > 0;

  return (
    <Stack gap="lg">
      <Title order={1} fz="h2"><Trans>Create Adjustment</Trans></Title>
      <Paper withBorder p="md" radius="md">
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Select
              label={label} required data={options(INVENTORY_ADJUSTMENT_REASON)} value={reason} onChange={setReason}
              onBlur={() => setTouched(true)} error={touched && missingReason ? t`Please Select ${label}` : undefined}
              comboboxProps={{ withinPortal: true }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Textarea label={t`Remark`} value={remark} maxLength={ADJUSTMENT_REMARK_MAX} autosize minRows={1} onChange={(e) => setRemark(e.currentTarget.value)} />
          </Grid.Col>
        </Grid>
      </Paper>

      <Paper withBorder p="md" radius="md" component="section" aria-label={t`Add a line`}>
        <Stack gap="sm">
          <Title order={2} fz="h4"><Trans>Add a line</Trans></Title>
          <form onSubmit={(e) => { e.preventDefault(); if (locationId.trim() && skuId.trim()) lookup.mutate(); }}>
            <Group align="flex-end" gap="sm">
              <TextInput label={t`Location`} value={locationId} maxLength={LOCATION_CODE_MAX} onChange={(e) => { setLocationId(e.currentTarget.value); setStock(null); }} />
              <TextInput label={t`SKU ID`} value={skuId} maxLength={SKU_ID_MAX} onChange={(e) => { setSkuId(e.currentTarget.value); setStock(null); }} />
              <Button type="submit" variant="light" leftSection={<IconSearch size={16} aria-hidden />} loading={lookup.isPending}
                disabled={!locationId.trim() || !skuId.trim()}>
                <Trans>Find Stock</Trans>
              </Button>
            </Group>
          </form>
          {stock && (
            <>
              <Text size="sm" data-testid="stock-found">
                <Trans>{stock.sku_id} {stock.sku_name} at {stock.location_id}</Trans>
              </Text>
              {stock.balances.length === 0
                ? <Text size="sm" c="dimmed"><Trans>No stock of this SKU here: only an addition can be made.</Trans></Text>
                : (
                  <StockHere stock={stock} />
                )}
              <Group align="flex-end" gap="sm">
                <Select
                  label={t`Batch ID`} required data={stock.batches.map((b) => ({ value: b.batch_id, label: b.expiry_date ? `${b.batch_id} (${b.expiry_date})` : b.batch_id }))}
                  value={batchId} onChange={setBatchId} comboboxProps={{ withinPortal: true }} w={220}
                />
                <Select label={t`Quality`} required data={options(QUALITY)} value={quality} onChange={setQuality} comboboxProps={{ withinPortal: true }} w={140} />
                <Select label={t`Direction`} required data={options(INVENTORY_ADJUSTMENT_DIRECTION)} value={direction} onChange={setDirection} comboboxProps={{ withinPortal: true }} w={160} />
                <NumberInput label={t`Qty`} required min={1} max={QTY_MAX} allowDecimal={false} allowNegative={false} value={qty} onChange={setQty} w={120} />
                <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={addLine} disabled={!lineReady || lines.length >= ADJUSTMENT_MAX_LINES}>
                  <Trans>Add Line</Trans>
                </Button>
              </Group>
              <Text size="sm" c="dimmed" data-testid="balance-now">
                <Trans>On hand here: {groupNumber(balance?.onhand_qty ?? 0)}, available: {groupNumber(balance?.available_qty ?? 0)}</Trans>
              </Text>
              {Number(direction) === DEDUCTION && typeof qty === 'number' && qty > (balance?.available_qty ?? 0) && (
                <Alert color="orange" icon={<IconInfoCircle size={18} aria-hidden />}>
                  <Trans>A deduction can take at most the available units.</Trans>
                </Alert>
              )}
            </>
          )}
        </Stack>
      </Paper>

      <NewLines lines={lines} onRemove={(i) => setLines(lines.filter((_, j) => j !== i))} />

      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => router.history.back()}><Trans context="button">Cancel</Trans></Button>
        <Button variant="light" disabled={!ready} loading={save.isPending && save.variables === 0} onClick={() => save.mutate(0)}><Trans>Save</Trans></Button>
        <Button disabled={!ready} loading={save.isPending && save.variables === 1} onClick={() => save.mutate(1)}><Trans>Save and Submit</Trans></Button>
      </Group>
    </Stack>
  );
}
