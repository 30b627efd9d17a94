import type { EndpointDef, InputOf, OutputOf } from '../../../shared/contract/define';
import { callApi, isApiError, type ApiError } from '../../kit/api';

/**
 * The counting screen's checks with the server (check_surplus, check_tracking_id,
 * search_sku_scanning, check_exception_tracking_id): what the cached group cannot know — other
 * devices' counts, cartons registered or in exception elsewhere, SKUs of the warehouse outside the
 * group. Asked only online and never waited for long: a scan is answered at once, so without an
 * answer the screen goes on with its own view (docs/offline.md "Counting ops").
 */

/** How long a check may take before the screen goes on without it. */
const CHECK_TIMEOUT_MS = 2500;

/** The server's answer or refusal; null when it could not be asked (offline, slow, failed). */
export type ServerAnswer<T> = { data: T } | { error: ApiError } | null;

export async function askServer<E extends EndpointDef>(def: E, input: InputOf<E>): Promise<ServerAnswer<OutputOf<E>>> {
  if (!navigator.onLine) return null;
  try {
    return { data: await callApi(def, input, { quiet: true, signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) }) };
  } catch (error) {
    return isApiError(error) ? { error } : null;
  }
}
