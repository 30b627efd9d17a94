import { describe, expect, test } from 'vitest';
import { configFromEnv } from './config';

describe('SLOW_REQUEST_MS', () => {
  test('logs requests of 2 s or more unless told otherwise; 0 turns the log off', () => {
    expect(configFromEnv({}).slowRequestMs).toBe(2000);
    expect(configFromEnv({ SLOW_REQUEST_MS: ' ' }).slowRequestMs).toBe(2000);
    expect(configFromEnv({ SLOW_REQUEST_MS: '500' }).slowRequestMs).toBe(500);
    expect(configFromEnv({ SLOW_REQUEST_MS: '0' }).slowRequestMs).toBe(0);
  });

  test('anything but a whole number of milliseconds stops the start with a clear error', () => {
    for (const bad of ['-1', '1.5', 'soon']) {
      expect(() => configFromEnv({ SLOW_REQUEST_MS: bad })).toThrow(/SLOW_REQUEST_MS must be a whole number of milliseconds/);
    }
  });
});
