import { Hono } from 'hono';
import { describe, expect, test } from 'vitest';
import { isHttps, requestOrigin } from './request-origin';

/** Forwarded headers describe the request only when a trusted proxy set them (TRUST_PROXY). */
function probe(trustProxy: boolean) {
  const app = new Hono();
  app.get('/', (c) => c.json({ origin: requestOrigin(c, trustProxy), https: isHttps(c, trustProxy) }));
  return async (url: string, headers: Record<string, string> = {}) => (await app.request(url, { headers })).json();
}

const FORWARDED = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'wms.example.com' };

describe('requestOrigin and isHttps', () => {
  test('behind a trusted proxy, the forwarded scheme and host are the origin', async () => {
    const ask = probe(true);
    expect(await ask('http://10.0.0.5:8080/', FORWARDED)).toEqual({ origin: 'https://wms.example.com', https: true });
    expect(await ask('http://10.0.0.5:8080/')).toEqual({ origin: 'http://10.0.0.5:8080', https: false });
  });

  test('without a trusted proxy, a client cannot claim https or another host', async () => {
    const ask = probe(false);
    expect(await ask('http://10.0.0.5:8080/', FORWARDED)).toEqual({ origin: 'http://10.0.0.5:8080', https: false });
    expect(await ask('https://wms.example.com/')).toEqual({ origin: 'https://wms.example.com', https: true });
  });
});
