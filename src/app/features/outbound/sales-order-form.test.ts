import { describe, expect, test } from 'vitest';
import { ORDER_PRIORITY, PARCEL_SPLIT } from '../../../shared/codes';
import { emptyOrderLine, lineProblem, refusedLineIndex } from '../../kit/order-lines/order-lines';
import { orderInputOf, orderReady, type OrderDraft } from './sales-order-form';

const draft = (change: Partial<OrderDraft> = {}): OrderDraft => ({
  external_no: ' EXT-1 ', priority: ORDER_PRIORITY.values.NORMAL, parcel_split: PARCEL_SPLIT.values.NONE, shop_id: '', cutoff_at: null, remark: '  ',
  lines: [{ ...emptyOrderLine(), sku_id: ' SKU1 ', qty: 3 }],
  ...change,
});

describe('sales order form', () => {
  test('a line needs a SKU and a whole quantity of at least 1', () => {
    expect(lineProblem({ ...emptyOrderLine() })).toBe('sku');
    expect(lineProblem({ ...emptyOrderLine(), sku_id: 'A', qty: '' })).toBe('qty');
    expect(lineProblem({ ...emptyOrderLine(), sku_id: 'A', qty: 0 })).toBe('qty');
    expect(lineProblem({ ...emptyOrderLine(), sku_id: 'A', qty: 1.5 })).toBe('qty');
    expect(lineProblem({ ...emptyOrderLine(), sku_id: 'A', qty: 2 })).toBeNull();
  });

  test('an order is ready with an external number and complete lines only', () => {
    expect(orderReady(draft())).toBe(true);
    expect(orderReady(draft({ external_no: '  ' }))).toBe(false);
    expect(orderReady(draft({ lines: [] }))).toBe(false);
    expect(orderReady(draft({ lines: [{ ...emptyOrderLine(), sku_id: 'A', qty: 1 }, emptyOrderLine()] }))).toBe(false);
  });

  test('the input is trimmed, blank optional text is null, keys are left out', () => {
    expect(orderInputOf(draft({ shop_id: ' SHOP9 ', cutoff_at: 1_800_000_000 }))).toEqual({
      external_no: 'EXT-1', priority: 2, parcel_split: 0, shop_id: 'SHOP9', cutoff_at: 1_800_000_000, remark: null,
      carrier: null, tracking_no: null, receiver: null, lines: [{ sku_id: 'SKU1', qty: 3 }],
    });
  });

  test('delivery: carrier and tracking number trimmed; a receiver sent once any of it is typed, a blank phone null', () => {
    const delivery = { carrier: ' SPX ', tracking_no: ' SPX123 ', receiver_name: ' Siti ', receiver_phone: ' ', receiver_address: 'Jl. Melati 12' };
    expect(orderInputOf(draft({ delivery }))).toMatchObject({ carrier: 'SPX', tracking_no: 'SPX123', receiver: { name: 'Siti', phone: null, address: 'Jl. Melati 12' } });
    const nameOnly = { ...delivery, receiver_address: '' };
    expect(orderInputOf(draft({ delivery: nameOnly })).receiver).toEqual({ name: 'Siti', phone: null, address: '' });
  });

  test('a refusal names its line by number from 1; anything else names none', () => {
    expect(refusedLineIndex({ line: 2 }, 3)).toBe(1);
    expect(refusedLineIndex({ line: 4 }, 3)).toBeNull();
    expect(refusedLineIndex({ line: 0 }, 3)).toBeNull();
    expect(refusedLineIndex({ line: null }, 3)).toBeNull();
    expect(refusedLineIndex(null, 3)).toBeNull();
  });
});
