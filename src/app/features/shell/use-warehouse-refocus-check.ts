import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { RET } from '../../../shared/retcodes';
import { getTenant, handleNotLoggedIn, isApiError } from '../../kit/api';
import { sessionQueries } from '../../kit/queries';
import { showWarehouseMismatch } from '../../kit/warehouse-mismatch';

/**
 * Tab refocus (spec §8): when the tab becomes visible again, the session's warehouse is read
 * afresh; if another tab has switched it away from this tab's warehouse, only a reload helps.
 * The tab's warehouse is the one it sends as tenant (also stored as setting_whs_v2): the
 * stored copy alone cannot tell, since every tab of the browser shares it.
 */
export function useWarehouseRefocusCheck() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const check = async () => {
      const tabWhsId = getTenant();
      if (document.visibilityState !== 'visible' || !tabWhsId) return;
      try {
        const user = await queryClient.fetchQuery({ ...sessionQueries.loginInfo(), staleTime: 0 });
        if (user.whs_id !== tabWhsId) showWarehouseMismatch({ sessionWhsId: user.whs_id, tabWhsId });
      } catch (error) {
        if (isApiError(error, RET.NOT_LOGGED_IN)) handleNotLoggedIn();
      }
    };
    document.addEventListener('visibilitychange', check);
    return () => document.removeEventListener('visibilitychange', check);
  }, [queryClient]);
}
