import path from 'node:path';

/** Server settings, from the environment (README "Configuration"). */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  seedDemo: boolean;
  /** Built PWA to serve under /v2/; absent in API-only tests. */
  staticDir?: string;
  /** Shown as the environment tag in the sidebar. */
  envName: string;
  /** Public origin used in links of outgoing mail. */
  publicUrl: string;
  /** Session idle lifetime. */
  sessionTtlMs: number;
  /** Take the client address from X-Forwarded-For (only behind a trusted reverse proxy). */
  trustProxy: boolean;
  /** Run the auto wave rules on their schedule in this process (AUTO_WAVE, default on; main.ts only). */
  autoWave: boolean;
  /**
   * Origins of print agents on the LAN the browser may post print jobs to (PRINT_AGENT_ORIGINS,
   * comma-separated, e.g. `http://10.1.2.30:9100`), beyond an agent on the station itself
   * (localhost), which is always allowed. They join the Content-Security-Policy's connect-src.
   */
  printAgentOrigins: string[];
  /** Requests slower than this are logged with their time (SLOW_REQUEST_MS, default 2000; 0 logs none). */
  slowRequestMs: number;
}

const truthy = (v: string | undefined) => v !== undefined && /^(1|true|yes|on)$/i.test(v.trim());
const falsy = (v: string | undefined) => v !== undefined && /^(0|false|no|off)$/i.test(v.trim());

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  const seedDemo = databaseUrl ? truthy(env.SEED_DEMO) : !falsy(env.SEED_DEMO);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl,
    seedDemo,
    staticDir: path.resolve(env.STATIC_DIR ?? './dist/app'),
    envName: env.TALLY_ENV ?? (databaseUrl ? 'live' : 'demo'),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    sessionTtlMs: Number(env.SESSION_TTL_HOURS ?? 168) * 3600_000,
    trustProxy: truthy(env.TRUST_PROXY),
    autoWave: !falsy(env.AUTO_WAVE),
    printAgentOrigins: printAgentOriginsOf(env.PRINT_AGENT_ORIGINS),
    slowRequestMs: slowRequestMsOf(env.SLOW_REQUEST_MS),
  };
}

/** SLOW_REQUEST_MS: a whole number of milliseconds; anything else stops the start with a clear error. */
function slowRequestMsOf(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 2000;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 0) throw new Error(`SLOW_REQUEST_MS must be a whole number of milliseconds (0 turns the log off), got ${value}`);
  return ms;
}

/** PRINT_AGENT_ORIGINS: http(s) origins, comma-separated; anything else stops the start with a clear error. */
function printAgentOriginsOf(value: string | undefined): string[] {
  return (value ?? '').split(',').map((v) => v.trim()).filter(Boolean).map((v) => {
    let url: URL;
    try {
      url = new URL(v);
    } catch {
      throw new Error(`PRINT_AGENT_ORIGINS: ${v} is not a URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`PRINT_AGENT_ORIGINS: ${v} is not an http(s) origin`);
    return url.origin;
  });
}
