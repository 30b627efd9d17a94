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
export const permissionDenied = (perm: string) =>
  new ApiError(RET.PERMISSION_DENIED, `You do not have the permission ${perm} in this warehouse.`, { perm }, 403);
/** Bad input found by a handler: the same shape as a schema failure (`data.issues` names the field). */
export const badInput = (path: string, message: string) =>
  new ApiError(RET.BAD_INPUT, `Invalid request: ${path ? `${path}: ` : ''}${message}`, { issues: [{ path, message }] });
export const notFound = (what: string) => new ApiError(RET.NOT_FOUND, `${what} not found.`, null, 404);
