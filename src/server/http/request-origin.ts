import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

// Where a request came from and how it reached us: forwarded headers count only behind a trusted proxy (TRUST_PROXY).

/** The peer address; behind a reverse proxy set TRUST_PROXY=1 to use X-Forwarded-For. */
export function clientIpOf(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // in-process requests (tests) have no socket
  }
}

/** This server's origin as the request reached it: as forwarded by a trusted proxy (TRUST_PROXY), else its own URL. */
export function requestOrigin(c: Context, trustProxy: boolean): string {
  const url = new URL(c.req.url);
  if (!trustProxy) return url.origin;
  const forwarded = (name: string) => c.req.header(name)?.split(',')[0]?.trim();
  const proto = forwarded('x-forwarded-proto');
  const scheme = proto === 'http' || proto === 'https' ? proto : url.protocol.slice(0, -1);
  // The forwarded host names its own port (or none): the port this server listens on is not the public one.
  const host = forwarded('x-forwarded-host') || url.host;
  try {
    return new URL(`${scheme}://${host}`).origin;
  } catch {
    return url.origin; // a malformed forwarded host
  }
}

/** The request reached this server over https (as a trusted proxy forwarded it, or directly). */
export const isHttps = (c: Context, trustProxy: boolean): boolean => requestOrigin(c, trustProxy).startsWith('https:');
