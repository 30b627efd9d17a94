import { END_FULL_STOCK_COUNT, START_FULL_STOCK_COUNT, type fullStockCountContract } from '../../../shared/contract/full-stock-count.contract';
import { userPermissions } from '../../common/access';
import { unixSeconds } from '../../common/time';
import { permissionDenied } from '../../http/errors';
import type { Handlers } from '../../http/register';
import { setFullStockCount } from './full-stock-count';
import { endFullStockCountOrders, startFullStockCountOrder } from './full-stock-count-orders';

/** The full stock count switch (contract/full-stock-count.contract.ts; the switch and the freeze: full-stock-count.ts). */
export const fullStockCountHandlers: Handlers<typeof fullStockCountContract> = {
  async operateFullStockCount(input, { db, session }) {
    const open = input.is_open_full_stock_count === 1;
    const perm = open ? START_FULL_STOCK_COUNT : END_FULL_STOCK_COUNT;
    if (!(await userPermissions(db, session.userId, session.whsId)).has(perm)) throw permissionDenied(perm);
    const { run, start, end } = await db.transaction(async (tx) => {
      const run = await setFullStockCount(tx, session.whsId, open, { userId: session.userId });
      return open
        ? { run, start: await startFullStockCountOrder(tx, session.whsId, run, session.userId), end: null }
        : { run, start: null, end: await endFullStockCountOrders(tx, session.whsId, run, session.userId) };
    });
    return {
      is_open_full_stock_count: open, start, end,
      run: {
        run_id: run.runId, started_at: unixSeconds(run.startedAt), started_by: run.startedBy,
        ended_at: unixSeconds(run.endedAt), ended_by: run.endedBy,
      },
    };
  },
};
