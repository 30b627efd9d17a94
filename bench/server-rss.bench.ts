import type { BenchModule } from './support/bench';
import { round } from './support/stats';

/**
 * server_rss_mb: the server's resident memory after the browser benches (light load: one
 * browser, a few sessions), on PGlite, the default. The api-throughput bench reads a PostgreSQL
 * server's under load (its details).
 */
export const serverRssBench: BenchModule = {
  name: 'server-rss',
  keys: ['server_rss_mb'],
  async run({ server }) {
    const { rssMb, peakRssMb } = server.memory();
    return { figures: { server_rss_mb: round(rssMb, 1) }, details: { rss_mb: round(rssMb, 1), peak_rss_mb: round(peakRssMb, 1), rss_after_start_mb: round(server.startedRssMb, 1), load: 'light (after the browser benches)' } };
  },
};
