import { useMemo } from 'react';
import { ROUTES } from '../../shared/routes/manifest';
import type { Session } from '../kit/session';
import { useSession } from '../kit/use-session';
import { buildMenu, canOpen, matchRoute, type AccessState, type MenuNode } from './access';
import { isBuilt, isOnlineScreen } from './screens';

/** What the route guard, the menu and the menu search decide access by. */
export const accessStateOf = (session: Pick<Session, 'menuKeys' | 'flags'>): AccessState => ({
  perms: session.menuKeys,
  flags: session.flags,
  isBuilt,
});

export function useAccessState(): AccessState {
  const { menuKeys, flags } = useSession();
  return useMemo(() => accessStateOf({ menuKeys, flags }), [menuKeys, flags]);
}

/** The last menu built, with what it was built from: the shell and the page ask for the same one. */
let lastMenu: { perms: AccessState['perms']; flags: AccessState['flags']; menu: MenuNode[] } | null = null;

/** The menu of the signed-in user: built routes they may open, in manifest order. */
export function useMenu(): MenuNode[] {
  const state = useAccessState();
  return useMemo(() => {
    if (lastMenu?.perms !== state.perms || lastMenu.flags !== state.flags) {
      lastMenu = { perms: state.perms, flags: state.flags, menu: buildMenu(state) };
    }
    return lastMenu.menu;
  }, [state]);
}

/** Whether the signed-in user may open a built page of the manifest (its permission and flags): links and buttons to it show only then. */
export function useCanOpen(path: string): boolean {
  const access = useAccessState();
  const route = matchRoute(path)?.route;
  return route !== undefined && access.isBuilt(route.path) && canOpen(route, access);
}

/** Whether the user may open any online screen (lists, forms, settings): an office user, not only an operator. */
export const opensOnlineScreens = (state: AccessState): boolean => ROUTES.some((route) => isOnlineScreen(route.path) && canOpen(route, state));
