import { contract } from '../../../shared/contract';
import { callApi, DuplicateRequestError } from '../api';
import type { OutboxTransport } from './outbox';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The app's transport: the contract calls through callApi, quiet (the drainer handles every
 * failure itself and the badge shows it; no toast, no redirect from a background push).
 */
export const apiTransport: OutboxTransport = {
  pushOps: (input) => callApi(contract.pushOps, input, { quiet: true }),
  deviceHeartbeat: (input) => callApi(contract.deviceHeartbeat, input, { quiet: true }),
  async sessionUserId() {
    try {
      return (await callApi(contract.getLoginInfo, {}, { quiet: true })).user_id;
    } catch (error) {
      // The same read was already in flight (e.g. the tab-refocus check): ask once more after it.
      if (!(error instanceof DuplicateRequestError)) throw error;
      await pause(300);
      return (await callApi(contract.getLoginInfo, {}, { quiet: true })).user_id;
    }
  },
};
