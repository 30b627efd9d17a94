import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import {
  Outlet, createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, notFound, redirect,
  useRouterState, type AnyRoute,
} from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { ROUTES } from '../../shared/routes/manifest';
import { contract } from '../../shared/contract';
import { isApiError } from '../kit/api';
import { signInPath, startSession } from '../kit/session';
import { APP_BASE } from '../kit/redirect-url';
import { loadWholeCatalog } from '../kit/i18n';
import { PageLoader } from '../kit/page-loader';
import NotFoundScreen from '../features/status/not-found.screen';
import AppErrorScreen from '../features/status/app-error.screen';
import { pageTitle, resolveAccess } from './access';
import { SCREENS, isBuilt } from './screens';
import { accessStateOf } from './use-access';

export interface RouterContext {
  queryClient: QueryClient;
}

/** document.title: the route's title · Tally (spec §2 tab title). */
function RootLayout() {
  const { i18n } = useLingui();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // An unknown path leaves the root match flagged _notFound (notFoundMode 'root').
  const unmatched = useRouterState({ select: (s) => s.matches.some((m) => m.status === 'notFound' || m._notFound === true) });
  const title = pageTitle(unmatched ? '/404' : pathname);
  // A signed-in page's title is in the rest of the catalog, loaded before its shell renders.
  const text = title && i18n.messages[title.id] !== undefined ? i18n._(title) : null;
  useEffect(() => {
    document.title = text ? `${text} · Tally` : 'Tally';
  }, [text]);
  return <Outlet />;
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
const shellRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'shell',
  component: lazyRouteComponent(() => import('../features/shell/shell.layout')),
  beforeLoad: async ({ location, context }) => {
    // The rest of the catalog loads while the session starts (it never rejects: a failed load falls back).
    const catalog = loadWholeCatalog();
    const session = await startSession(context.queryClient).catch(async (error: unknown) => {
      // Only the user info decides there is no session (spec §4); a network failure or a later
      // step failing is not a lost session: the error page offers to try again.
      if (!isApiError(error) || error.path !== contract.getLoginInfo.path) throw error;
      throw redirect({
        to: await signInPath(context.queryClient),
        search: { redirect_url: APP_BASE + location.href },
        replace: true,
      });
    });
    await catalog;
    // A temporary password: the shell shows only the forced Change Password, whatever the page.
    if (session === null) return;
    const access = resolveAccess(location.pathname, accessStateOf(session));
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

/**
 * One route per manifest entry that has a screen, plus the group routes (their default child is
 * chosen by the guard's redirect, so they need a route but no screen).
 */
function manifestRoutes(parent: AnyRoute, isPublic: boolean): AnyRoute[] {
  return ROUTES.filter((decl) => Boolean(decl.public) === isPublic && (isBuilt(decl.path) || decl.redirect)).map((decl) => {
    const screen = SCREENS[decl.path];
    return createRoute({
      getParentRoute: () => parent,
      path: decl.path,
      ...(screen ? { component: lazyRouteComponent(screen) } : {}),
    });
  });
}

const routeTree = rootRoute.addChildren([
  indexRoute,
  shellRoute.addChildren(manifestRoutes(shellRoute, false)),
  ...manifestRoutes(rootRoute, true),
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
