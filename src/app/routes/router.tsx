import type { QueryClient } from '@tanstack/react-query';
import {
  Outlet, createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, notFound, redirect,
  useRouterState, type AnyRoute,
} from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { contract } from '../../shared/contract';
import { isApiError } from '../kit/api';
import { signInPath, startSession } from '../kit/session';
import { APP_BASE } from '../kit/redirect-url';
import { loadWholeCatalog } from '../kit/i18n';
import { PageLoader } from '../kit/page-loader';
import NotFoundScreen from '../features/status/not-found.screen';
import AppErrorScreen from '../features/status/app-error.screen';
import { keepOnlineScreens } from '../kit/sw-update';
import { toast } from '../kit/toast';
import { countModeRedirect, isCountModePath } from './count-mode-redirect';
import { matchPublicRoute, usePageTitle } from './page-title';
import { SCREENS } from './screens';

export interface RouterContext {
  queryClient: QueryClient;
}

/**
 * document.title of the public pages and of unknown paths (spec §2 tab title); the shell sets
 * its pages' own (features/shell/shell.layout.tsx), from the manifest it loads.
 */
function RootLayout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // An unknown path leaves the root match flagged _notFound (notFoundMode 'root').
  const unmatched = useRouterState({ select: (s) => s.matches.some((m) => m.status === 'notFound' || m._notFound === true) });
  const inShell = useRouterState({ select: (s) => s.matches.some((m) => m.routeId === shellRoute.id) });
  return (
    <>
      {(unmatched || !inShell) && <PublicPageTitle pathname={unmatched ? '/404' : pathname} />}
      <Outlet />
    </>
  );
}

function PublicPageTitle({ pathname }: { pathname: string }) {
  usePageTitle(matchPublicRoute(pathname)?.route.title ?? null);
  return null;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundScreen,
  errorComponent: AppErrorScreen,
  pendingComponent: () => <PageLoader fullScreen />,
});

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/home', replace: true });
  },
});

/**
 * The login guard and access check of every non-public page (spec §2, §6): the session is
 * started (or read from the cache) first; without one, sign in and come back; with one, the
 * manifest decides: open, redirect to the first permitted tab, 403 or 404. A session that must
 * change its password is decided after the change (the dialog invalidates the router).
 */
const ShellLayout = lazyRouteComponent(() => import('../features/shell/shell.layout'));

const shellRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'shell',
  component: ShellLayout,
  beforeLoad: async ({ location, context, preload }) => {
    // The manifest (for the guard), the rest of the catalog and the shell's code load while the
    // session starts (a failed catalog load falls back, it never rejects; a failed chunk load is
    // kept for the shell's render to report).
    const guard = Promise.all([import('./access'), import('./use-access')]);
    void ShellLayout.preload?.();
    const catalog = loadWholeCatalog();
    const sessionStart = startSession(context.queryClient).then((session) => ({ session }), (error: unknown) => ({ error }));
    const [{ matchRoute, resolveAccess }, { accessStateOf, opensOnlineScreens }] = await guard;
    // A path with neither a screen nor a group route of the manifest (the splat route caught it)
    // is a 404 signed in or not, as for a path the router does not know.
    const declared = matchRoute(location.pathname)?.route;
    const built = !!declared && (!!declared.redirect || Object.hasOwn(SCREENS, declared.path));
    // A cycle count or full stock count page may redirect to the other side first, built or not.
    if (!declared || declared.public || !(built || isCountModePath(location.pathname))) throw notFound();
    // And the page's own code (a screen; a group route's target is known after the session).
    void SCREENS[declared.path]?.().catch(() => undefined);
    const started = await sessionStart;
    if ('error' in started) {
      const { error } = started;
      // Only the user info decides there is no session (spec §4); a network failure or a later
      // step failing is not a lost session: the error page offers to try again.
      if (!isApiError(error) || error.path !== contract.getLoginInfo.path) throw error;
      throw redirect({
        to: await signInPath(context.queryClient),
        search: { redirect_url: APP_BASE + location.href },
        replace: true,
      });
    }
    const { session } = started;
    await catalog;
    // A temporary password: the shell shows only the forced Change Password, whatever the page.
    if (session === null) return;
    // Spec §2: cycle count and full stock count pages redirect to each other by the warehouse's flag.
    const counterpart = countModeRedirect(location.pathname, session.fullStockCount);
    if (counterpart) {
      if (!preload) toast.info(counterpart.running ? t`Full Stock Count already start` : t`Full Stock Count already end`);
      throw redirect({ to: counterpart.to, replace: true });
    }
    if (!built) throw notFound();
    const state = accessStateOf(session);
    // An office user's device keeps the online screens' code too, fetched in the background.
    keepOnlineScreens(() => opensOnlineScreens(state));
    const access = resolveAccess(location.pathname, state);
    switch (access.kind) {
      case 'ok':
        return;
      case 'redirect':
        throw redirect({ to: access.to, replace: true });
      case 'forbidden':
        throw redirect({ to: '/403', replace: true });
      case 'notFound':
        throw notFound();
    }
  },
});

/** One route per screen (screens.ts), under the shell unless the page is public. */
function screenRoutes(parent: AnyRoute, isPublic: boolean): AnyRoute[] {
  return Object.entries(SCREENS).filter(([path]) => (matchPublicRoute(path)?.route.path === path) === isPublic)
    .map(([path, screen]) => createRoute({ getParentRoute: () => parent, path, component: lazyRouteComponent(screen) }));
}

/**
 * The rest of the shell's paths: the group routes (the guard redirects them to their default or
 * first permitted child) and paths that are 404s. The router matches them here rather than by the
 * manifest's paths, which the sign-in page does not load.
 */
const shellSplatRoute = createRoute({ getParentRoute: () => shellRoute, path: '$' });

const routeTree = rootRoute.addChildren([
  indexRoute,
  shellRoute.addChildren([...screenRoutes(shellRoute, false), shellSplatRoute]),
  ...screenRoutes(rootRoute, true),
]);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    basepath: APP_BASE,
    context: { queryClient },
    notFoundMode: 'root',
    defaultPreload: 'intent',
    defaultPendingMs: 300,
    scrollRestoration: true,
  });
}
