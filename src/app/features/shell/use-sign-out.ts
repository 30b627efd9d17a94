import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { contract } from '../../../shared/contract';
import { callApi } from '../../kit/api';
import { clearSession } from '../../kit/session';
import { currentRedirectUrl } from '../../kit/redirect-url';

/**
 * Ends the session and forgets it in this tab (spec §4: logout clears user info and goes to
 * login with redirect_url). `to: '/403'` is the warehouse-switch refusal of spec §6.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return async (to: '/login' | '/403' = '/login') => {
    const redirectUrl = currentRedirectUrl();
    await callApi(contract.userLogout, {}, { quiet: true }).catch(() => undefined);
    await router.navigate({ to, search: to === '/login' ? { redirect_url: redirectUrl } : {}, replace: true });
    // After leaving the shell, so nothing on screen refetches the session it just lost.
    clearSession(queryClient);
  };
}
