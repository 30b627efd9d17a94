import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { contract } from '../../../shared/contract';
import { callApi } from '../../kit/api';
import { clearSession } from '../../kit/session';
import { currentRedirectUrl } from '../../kit/redirect-url';
import { sessionQueries } from '../../kit/queries';
import { appOutbox } from '../../kit/outbox';
import { confirmLogoutWithPending } from './sync-badge';

/**
 * Ends the session and forgets it in this tab (spec §4: logout clears user info and goes to
 * login with redirect_url). `to: '/403'` is the warehouse-switch refusal of spec §6.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return async (to: '/login' | '/403' = '/login') => {
    // Ops not yet sent stay on the device for this user's next sign-in; say so first.
    const userId = queryClient.getQueryData(sessionQueries.loginInfo().queryKey)?.user_id;
    const unsent = to === '/login' && userId !== undefined ? await appOutbox().pendingCountOfUser(userId).catch(() => 0) : 0;
    if (unsent > 0 && !(await confirmLogoutWithPending(unsent))) return;
    const redirectUrl = currentRedirectUrl();
    await callApi(contract.userLogout, {}, { quiet: true }).catch(() => undefined);
    await router.navigate({ to, search: to === '/login' ? { redirect_url: redirectUrl } : {}, replace: true });
    // After leaving the shell, so nothing on screen refetches the session it just lost.
    clearSession(queryClient);
  };
}
