import './kit/zod-config';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import './app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider, createTheme } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { I18nProvider } from '@lingui/react';
import { SOURCE_LOCALE } from '../shared/locales';
import { DuplicateRequestError, configureApi, getTenant } from './kit/api';
import { activateLocale, i18n, storedLocale } from './kit/i18n';
import { configQueries, sessionQueries } from './kit/queries';
import { clearSession, setFullStockCountFlag, signInPath } from './kit/session';
import { currentRedirectUrl } from './kit/redirect-url';
import { NotificationsHost } from './kit/notifications-host';
import { WarehouseMismatchDialog, showWarehouseMismatch } from './kit/warehouse-mismatch';
import { registerServiceWorker } from './kit/sw-update';
import { applyDeviceAttribute } from './kit/device';
import { installAudioUnlock } from './kit/feedback';
import { createAppRouter } from './routes/router';
import { matchPublicRoute } from './routes/page-title';

const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Thai", "Noto Sans SC", sans-serif',
});

const queryClient = new QueryClient({
  defaultOptions: {
    // API errors are final (and already shown); a duplicate that was not sent is tried again
    // once the identical request in flight has finished.
    // A read is asked even with the network gone (TanStack's default pauses it until the network
    // returns): the service worker answers an offlineRead from its copy, so a screen first opened
    // after the network dropped shows that copy rather than loading for ever; a read it holds no
    // copy of fails at once and says so, and is asked again when the network returns.
    queries: { retry: (failures, error) => error instanceof DuplicateRequestError && failures < 2, staleTime: 30_000, networkMode: 'offlineFirst' },
    // A mutation never waits for the network in silence (TanStack's default pauses it while offline,
    // a button spinning for ever): without one it fails at once and says so; scans go through the outbox.
    mutations: { retry: false, networkMode: 'always' },
  },
});

const router = createAppRouter(queryClient);

configureApi({
  onNotLoggedIn: () => {
    if (matchPublicRoute(router.state.location.pathname)) return;
    void signInPath(queryClient).then(async (to) => {
      await router.navigate({ to, search: { redirect_url: currentRedirectUrl() }, replace: true });
      clearSession(queryClient);
    });
  },
  onWarehouseMismatch: (sessionWhsId) => showWarehouseMismatch({ sessionWhsId, tabWhsId: getTenant() ?? '' }),
  // The shell swaps itself for the forced Change Password (features/shell/shell.layout.tsx).
  onPasswordChangeRequired: () => queryClient.setQueryData(sessionQueries.loginInfo().queryKey, (user) => (user ? { ...user, password_change_required: true } : user)),
  // The guard runs again on the page open: a cc or fsc page then redirects (routes/count-mode-redirect.ts).
  onFullStockCount: (running) => {
    if (setFullStockCountFlag(queryClient, running)) void router.invalidate();
  },
});

async function start() {
  const locale = storedLocale()
    ?? (await queryClient.fetchQuery(configQueries.langSetting()).then((s) => s.default).catch(() => SOURCE_LOCALE));
  await activateLocale(locale);
  applyDeviceAttribute();
  installAudioUnlock();

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <MantineProvider theme={theme}>
        <I18nProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <NotificationsHost position="top-center" />
            <RouterProvider router={router} />
            <WarehouseMismatchDialog />
          </QueryClientProvider>
        </I18nProvider>
      </MantineProvider>
    </StrictMode>,
  );

  // Production only: the service worker of sw/sw.ts (shell, catalogs, offline reference data).
  registerServiceWorker();
}

void start();
