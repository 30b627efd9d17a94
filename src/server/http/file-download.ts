import type { Context } from 'hono';
import { TENANT_HEADER } from '../../shared/contract/define';
import { RET } from '../../shared/retcodes';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { userPermissions } from '../common/access';
import { ApiError, notLoggedIn, permissionDenied } from './errors';
import { assertPasswordChanged } from './password-change';
import { loadSession, type SessionInfo } from './session';

/**
 * Routes that answer a file (an export, an import's template or result) rather than the JSON
 * envelope: outside the contract, yet checked like it (refusals are envelopes). A plain link
 * must download them, so the tenant header is optional; one that is sent must match.
 */

const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;
export type FileFormat = keyof typeof CONTENT_TYPES;

/** RFC 6266: an ASCII fallback name and the exact one in RFC 5987 encoding. */
const contentDisposition = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/** The session of a download: signed in, password changed, the tenant header (if any) its warehouse's, and holding `perm` there when given. */
export async function downloadSession(c: Context, deps: { db: Db; config: ServerConfig }, perm?: string): Promise<SessionInfo> {
  const session = await loadSession(c, deps.db, deps.config);
  if (!session) throw notLoggedIn();
  assertPasswordChanged(session);
  const tenant = c.req.header(TENANT_HEADER);
  if (tenant !== undefined && tenant !== session.whsId) {
    throw new ApiError(
      RET.WAREHOUSE_MISMATCH,
      `The account login in warehouse is ${session.whsId}, it is different from the current warehouse ${tenant}, please reload.`,
      { session_whs_id: session.whsId, request_whs_id: tenant },
    );
  }
  if (perm !== undefined && !(await userPermissions(deps.db, session.userId, session.whsId)).has(perm)) throw permissionDenied(perm);
  return session;
}

/** The file as an attachment, never cached: it holds what its reader may see. */
export function fileResponse(content: Uint8Array, fileName: string, format: FileFormat): Response {
  // Both database drivers and the writers hand back bytes over a plain ArrayBuffer (never a shared one).
  return new Response(content as Uint8Array<ArrayBuffer>, {
    headers: {
      'content-type': CONTENT_TYPES[format],
      'content-disposition': contentDisposition(fileName),
      'content-length': String(content.byteLength),
      'cache-control': 'private, no-store',
    },
  });
}
