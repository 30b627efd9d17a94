import { bundleForPage } from './support/app-bundle';
import type { BenchModule } from './support/bench';
import { newPage } from './support/browser';
import { summary } from './support/stats';

const OPS = 500;

interface InPageResult {
  samples: number[];
  stored: number;
  drained: number;
}

/**
 * outbox_enqueue_p95_ms: `await outbox.enqueue(...)` of the app's Outbox in Chromium's
 * IndexedDB at the app's origin (strict durability: resolved once flushed), 500 counting ops,
 * with the drainer paused. A second run with the drainer sending to a stub server is a detail.
 */
export const outboxBench: BenchModule = {
  name: 'outbox',
  keys: ['outbox_enqueue_p95_ms'],
  async run({ server, browser, log }) {
    const script = await bundleForPage('bench/browser/outbox-entry.ts');
    const { context, page } = await newPage(browser, server.baseURL, { injectsScript: true });
    try {
      await page.goto('/v2/login', { waitUntil: 'networkidle' });
      await page.addScriptTag({ content: script });
      const runMode = (mode: 'paused' | 'draining') =>
        page.evaluate(([n, m]) => (window as unknown as { __benchOutbox(n: number, m: string): Promise<InPageResult> }).__benchOutbox(n, m), [OPS, mode] as const);
      const paused = await runMode('paused');
      if (paused.stored !== OPS) throw new Error(`${paused.stored} of ${OPS} ops stored`);
      if (paused.drained !== 0) throw new Error(`The drainer sent ${paused.drained} ops while it should be paused`);
      const alone = summary(paused.samples);
      log(`drainer paused: p50 ${alone.p50} ms, p95 ${alone.p95} ms, max ${alone.max} ms`);
      const draining = await runMode('draining');
      const busy = summary(draining.samples);
      log(`drainer sending: p50 ${busy.p50} ms, p95 ${busy.p95} ms (${draining.drained}/${draining.stored} drained)`);
      return {
        figures: { outbox_enqueue_p95_ms: alone.p95 },
        details: {
          ops: OPS,
          durability: 'strict',
          drainer_paused: alone,
          drainer_sending_to_stub_server: { ...busy, drained: draining.drained },
        },
      };
    } finally {
      await context.close();
    }
  },
};
