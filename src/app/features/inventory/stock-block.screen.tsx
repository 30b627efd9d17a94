import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { QUALITY } from '../../../shared/codes';
import { contract } from '../../../shared/contract';
import { BLOCK_REASON_MAX } from '../../../shared/contract/stock-block.contract';
import { groupNumber } from '../../../shared/format';
import { blockStockResource } from '../../../shared/resources/stock-block.resource';
import { callApi } from '../../kit/api';
import { toast } from '../../kit/toast';
import { BlockList, type BlockAction } from './block-list';

interface Balance { location_id: string; sku_id: string; batch_id: string; quality: 1 | 2; onhand_qty: number; locked_qty: number; available_qty: number }

/** Block or unblock units of one balance: how many (at most what it allows) and why. */
function BlockDialog({ action, balance, onClose, onDone }: { action: BlockAction; balance: Balance; onClose(): void; onDone(): void }) {
  const { t, i18n } = useLingui();
  const most = action === 'block' ? balance.available_qty : balance.locked_qty;
  const [qty, setQty] = useState<number | string>(most);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const label = t`Reason`;
  const qtyLabel = t`Qty`;
  const save = useMutation({
    mutationFn: () => {
      const input = { location_id: balance.location_id, sku_id: balance.sku_id, batch_id: balance.batch_id, quality: balance.quality, qty: Number(qty), reason: reason.trim() };
      return action === 'block' ? callApi(contract.blockStock, input) : callApi(contract.unblockStock, input);
    },
    onSuccess: () => {
      toast.success(action === 'block' ? t`Blocked` : t`Unblocked`);
      onDone();
    },
  });
  const qtyValid = typeof qty === 'number' && qty >= 1 && qty <= most;
  const reasonMissing = reason.trim() === '';
  const quality = i18n._(QUALITY.label(balance.quality)!);
  return (
    <Modal opened onClose={onClose} title={action === 'block' ? t`Block Stock` : t`Unblock Stock`} centered>
      <form onSubmit={(e) => { e.preventDefault(); setTouched(true); if (qtyValid && !reasonMissing) save.mutate(); }} noValidate>
        <Stack>
          <Text size="sm">
            <Trans>{balance.sku_id} batch {balance.batch_id} ({quality}) at {balance.location_id}: on hand {groupNumber(balance.onhand_qty)}, blocked {groupNumber(balance.locked_qty)}, available {groupNumber(balance.available_qty)}.</Trans>
          </Text>
          <NumberInput
            label={qtyLabel} required min={1} max={most} allowDecimal={false} allowNegative={false} value={qty} onChange={setQty}
            error={touched && !qtyValid ? t`Enter 1 to ${most}` : undefined} data-autofocus
          />
          <Textarea
            label={label} required autosize minRows={2} maxLength={BLOCK_REASON_MAX} value={reason} onChange={(e) => setReason(e.currentTarget.value)}
            onBlur={() => setTouched(true)} error={touched && reasonMissing ? t`Please Input ${label}` : undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}><Trans context="button">Cancel</Trans></Button>
            <Button type="submit" color={action === 'block' ? 'red' : undefined} loading={save.isPending}>
              {action === 'block' ? <Trans>Block</Trans> : <Trans>Unblock</Trans>}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Stock Block (/inventorymanage/stockblock; spec §2 Inventory Management): the warehouse's
 * balances with the admin kit's filters; a balance's available units are blocked, or its blocked
 * units unblocked, with a reason. Both go to the block and unblock logs of the inventory map.
 */
export default function StockBlockScreen() {
  const { t } = useLingui();
  return (
    <BlockList
      resource={blockStockResource}
      endpoint={contract.searchBlockStock}
      change={contract.blockStock.access}
      title={t`Stock Block`}
      canBlock={(row) => Number(row.available_qty) > 0}
      canUnblock={(row) => Number(row.locked_qty) > 0}
      dialog={(choice, close, done) => choice
        && <BlockDialog action={choice.action} balance={choice.row as unknown as Balance} onClose={close} onDone={() => void done()} />}
    />
  );
}
