import { Suspense, lazy, useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { AppShell, Box } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { STORAGE_KEYS } from '../../../shared/constants';
import { getTenant } from '../../kit/api';
import { useDeviceKind } from '../../kit/device';
import { useOutboxSession } from '../../kit/outbox/session';
import { useSession } from '../../kit/use-session';
import { useSoundSettings } from '../../kit/use-sound-settings';
import { writeStored } from '../../kit/storage';
import { PageLoader } from '../../kit/page-loader';
import { Logo } from '../../kit/logo';
import { sessionQueries } from '../../kit/queries';
import { useAfterPaint } from '../../kit/use-after-paint';
import { persistCurrentStation } from '../../kit/station';
import { TopBar } from './top-bar';
import { pageTitle } from '../../routes/access';
import { usePageTitle } from '../../routes/page-title';

const COLLAPSED_KEY = 'tally-sidebar-collapsed';

// Loaded when first shown: the page's frame and scan field paint without them (an operator
// device starting offline paints its home first; docs/performance.md).
const ChangePasswordDialog = lazy(() => import('./change-password.dialog').then((m) => ({ default: m.ChangePasswordDialog })));
const Sidebar = lazy(() => import('./sidebar').then((m) => ({ default: m.Sidebar })));
const ShellServices = lazy(() => import('./shell-services'));

/**
 * Every signed-in page. An account holding a temporary password sees only the Change Password
 * it cannot dismiss (the server refuses everything else with -224009 until it is changed).
 */
export default function ShellLayout() {
  const { data: user } = useSuspenseQuery(sessionQueries.loginInfo());
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  usePageTitle(pageTitle(pathname));
  return user.password_change_required ? <PasswordChangeGate /> : <SignedInShell />;
}

/** The forced Change Password over an empty page: no menu, no page, no background calls. */
function PasswordChangeGate() {
  return (
    <Box mih="100dvh" bg="var(--mantine-color-gray-0)" p="md">
      <Logo />
      <Suspense fallback={<PageLoader />}>
        <ChangePasswordDialog opened forced onClose={() => undefined} />
      </Suspense>
    </Box>
  );
}

/**
 * The frame of every signed-in page (spec §2 "Layout"); under 768 px the sidebar is a drawer.
 * On PDAs and NQ1000 tablets it is the operator shell: the sidebar is always a drawer so the
 * page (one task, its scan field) has the whole width, with the sync badge in the top bar.
 * The first render is the frame and the page; the top bar's badge and dropdowns, a desktop's
 * sidebar, the watermark and the shell's background services follow once it has painted.
 */
function SignedInShell() {
  const { t } = useLingui();
  const { user, warehouse } = useSession();
  // The operator's sounds, and the outbox's session, apply from the first scan, not from after the first paint.
  useSoundSettings();
  useOutboxSession(user.user_id, getTenant() ?? user.whs_id);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [navOpened, nav] = useDisclosure(false);
  const [passwordOpened, passwordDialog] = useDisclosure(false);
  const [collapsedSetting, setCollapsed] = useLocalStorage({
    key: COLLAPSED_KEY,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  const handheld = useDeviceKind() !== 'pc';
  const desktop = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const collapsed = desktop && !handheld && collapsedSetting;
  const openChangePassword = passwordDialog.open;
  const painted = useAfterPaint();
  // A drawer's sidebar (a third of an operator page's elements, and its menu) is built when it
  // first opens, not at every start: operators start on a scan field.
  const drawerOnly = handheld || !desktop;
  const [sidebarBuilt, setSidebarBuilt] = useState(false);
  if (navOpened && !sidebarBuilt) setSidebarBuilt(true);
  // The dialog stays mounted once opened (its closing transition).
  const [passwordBuilt, setPasswordBuilt] = useState(false);
  if (passwordOpened && !passwordBuilt) setPasswordBuilt(true);

  // Spec §9: the email and the station are saved after each navigation; the drawer closes on arrival.
  const closeNav = nav.close;
  useEffect(() => {
    writeStored(STORAGE_KEYS.email, user.email);
    persistCurrentStation();
    closeNav();
  }, [pathname, user.email, closeNav]);

  return (
    <AppShell
      layout="alt"
      header={{ height: 56 }}
      navbar={{ width: collapsed ? 72 : 280, breakpoint: 'sm', collapsed: { mobile: !navOpened, desktop: handheld && !navOpened } }}
      padding={{ base: 'sm', sm: 'md' }}
    >
      <AppShell.Header>
        <TopBar navOpened={navOpened} onToggleNav={nav.toggle} onChangePassword={openChangePassword} handheld={handheld} withActions={painted} />
      </AppShell.Header>
      <AppShell.Navbar aria-label={t`Sidebar`}>
        {(sidebarBuilt || (!drawerOnly && painted)) && (
          <Suspense fallback={null}>
            <Sidebar collapsed={collapsed} onCollapsedChange={setCollapsed} onCloseDrawer={nav.close} drawer={handheld} />
          </Suspense>
        )}
      </AppShell.Navbar>
      <AppShell.Main>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      {passwordBuilt && (
        <Suspense fallback={null}>
          <ChangePasswordDialog opened={passwordOpened} onClose={passwordDialog.close} />
        </Suspense>
      )}
      {painted && (
        <Suspense fallback={null}>
          <ShellServices email={user.email} timeRegion={warehouse?.time_region} onChangePassword={openChangePassword} />
        </Suspense>
      )}
    </AppShell>
  );
}
