import { useSuspenseQueries } from '@tanstack/react-query';
import { sessionQueries } from './queries';
import type { Session } from './session';

/**
 * The signed-in session inside guarded pages (the guard has loaded it, so this never waits
 * there). Re-renders when any part is refetched, e.g. after a warehouse switch.
 */
export function useSession(): Session {
  return useSuspenseQueries({
    queries: [
      sessionQueries.loginInfo(),
      sessionQueries.perms(),
      sessionQueries.menuKeys(),
      sessionQueries.flags(),
      sessionQueries.warehouseDetail(),
      sessionQueries.fullStockCount(),
    ],
    combine: ([user, perms, menuKeys, flags, warehouse, fullStockCount]) => ({
      user: user.data,
      perms: perms.data,
      menuKeys: menuKeys.data,
      flags: flags.data,
      warehouse: warehouse.data,
      fullStockCount: fullStockCount.data,
    }),
  });
}
