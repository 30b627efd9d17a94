import { describe, expect, test } from 'vitest';
import { WAVE_ORDERS_MAX } from '../../../shared/contract/wave.contract';
import { manualWaveSearch, orderNosOf } from './wave-selection';

describe('the orders Manual Wave opens with', () => {
  test('go through its URL and come back as they were chosen', () => {
    expect(orderNosOf(manualWaveSearch(['SO1', 'SO2']).order_nos)).toEqual(['SO1', 'SO2']);
  });

  test('are read trimmed, without blanks or repeats, at most a wave\'s worth', () => {
    expect(orderNosOf(' SO1 ,,SO2, SO1 ')).toEqual(['SO1', 'SO2']);
    expect(orderNosOf(undefined)).toEqual([]);
    expect(orderNosOf(['SO3', 'SO4'])).toEqual(['SO3', 'SO4']);
    expect(orderNosOf(Array.from({ length: WAVE_ORDERS_MAX + 5 }, (_, i) => `SO${i}`).join(','))).toHaveLength(WAVE_ORDERS_MAX);
  });
});
