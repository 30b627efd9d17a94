import { RET } from '../../shared/retcodes';

/** A refusal with a retcode and message; the envelope carries it to the client unchanged. */
export class ApiError extends Error {
  constructor(
    readonly retcode: number,
    message: string,
    readonly data: unknown = null,
    readonly httpStatus = 200,
  ) {
    super(message);
  }
}

export const notLoggedIn = () => new ApiError(RET.NOT_LOGGED_IN, 'Please sign in.', null, 401);
/** -100406 of spec §8 (no permission); with several, any one of which would do, `data.perms` lists them (`data.perm` the first). */
export function permissionDenied(perm: string | readonly string[]): ApiError {
  const perms = typeof perm === 'string' ? [perm] : perm;
  if (perms.length === 1) return new ApiError(RET.PERMISSION_DENIED, `You do not have the permission ${perms[0]} in this warehouse.`, { perm: perms[0] }, 403);
  return new ApiError(RET.PERMISSION_DENIED, `You do not have any of the permissions ${perms.join(', ')} in this warehouse.`, { perm: perms[0], perms }, 403);
}
/** Bad input found by a handler: the same shape as a schema failure (`data.issues` names the field). */
export const badInput = (path: string, message: string) =>
  new ApiError(RET.BAD_INPUT, `Invalid request: ${path ? `${path}: ` : ''}${message}`, { issues: [{ path, message }] });
export const notFound = (what: string) => new ApiError(RET.NOT_FOUND, `${what} not found.`, null, 404);

/** What PostgreSQL tells of a failed statement (pg and PGlite alike). */
export interface PgErrorFields {
  code?: string;
  constraint?: string;
  column?: string;
  detail?: string;
}

/** The database error under Drizzle's wrapper, if any (empty for other errors). */
export function pgError(error: unknown): PgErrorFields {
  let e = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const fields = e as PgErrorFields & { cause?: unknown };
    if (typeof fields.code === 'string') return fields;
    e = fields.cause;
  }
  return {};
}

/** The columns of a key in a violation's detail (`Key (whs_id, zone_id)=(…)`), but the warehouse. */
const keyColumns = (detail: string | undefined): string[] =>
  /^Key \(([^)]*)\)=/.exec(detail ?? '')?.[1]?.split(',').map((c) => c.trim()).filter((c) => c !== 'whs_id') ?? [];

/**
 * The answer to a NOT NULL, foreign key or check violation that escaped a handler: -100400 naming
 * the column when the database names it. The value came from the request, but the input schema or
 * the handler should have refused it first; the caller logs it as the defect it is. Null for
 * other errors (a unique violation is the handler's to word, a failure of the server stays a 500).
 */
export function constraintRefusal(error: unknown): ApiError | null {
  const { code, column, constraint, detail } = pgError(error);
  switch (code) {
    case '23502':
      return badInput(column ?? '', 'a value is required');
    case '23503': {
      const inUse = detail?.includes('still referenced') ?? false;
      return badInput(keyColumns(detail).join(', '), inUse ? 'the record is still in use' : 'names a record that does not exist in this warehouse');
    }
    case '23514':
      return badInput('', `the values break the rule ${constraint ?? 'of the record'}`);
    default:
      return null;
  }
}
