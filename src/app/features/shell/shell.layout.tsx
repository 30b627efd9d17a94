import { Suspense, useEffect } from 'react';
import { useLingui } from '@lingui/react/macro';
import { AppShell } from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { STORAGE_KEYS } from '../../../shared/constants';
import { useDeviceKind } from '../../kit/device';
import { useSession } from '../../kit/session';
import { useSoundSettings } from '../../kit/use-sound-settings';
import { writeStored } from '../../kit/storage';
import { PageLoader } from '../../kit/page-loader';
import { useWeakNetworkMonitor } from '../../kit/weak-network';
import { ChangePasswordDialog } from './change-password.dialog';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { Watermark } from './watermark';
import { useWarehouseRefocusCheck } from './use-warehouse-refocus-check';
import { useWeakPasswordWarning } from './use-weak-password-warning';

const COLLAPSED_KEY = 'tally-sidebar-collapsed';

/**
 * The frame of every signed-in page (spec §2 "Layout"); under 768 px the sidebar is a drawer.
 * On PDAs and NQ1000 tablets it is the operator shell: the sidebar is always a drawer so the
 * page (one task, its scan field) has the whole width, with the sync badge in the top bar.
 */
export default function ShellLayout() {
  const { t } = useLingui();
  const { user, warehouse } = useSession();
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

  useWarehouseRefocusCheck();
  useWeakPasswordWarning(openChangePassword);
  useWeakNetworkMonitor();
  useSoundSettings();

  // Spec §9: the email is saved after each navigation; the drawer closes on arrival.
  const closeNav = nav.close;
  useEffect(() => {
    writeStored(STORAGE_KEYS.email, user.email);
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
        <TopBar navOpened={navOpened} onToggleNav={nav.toggle} onChangePassword={openChangePassword} handheld={handheld} />
      </AppShell.Header>
      <AppShell.Navbar aria-label={t`Sidebar`}>
        <Sidebar collapsed={collapsed} onCollapsedChange={setCollapsed} onCloseDrawer={nav.close} drawer={handheld} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      <ChangePasswordDialog opened={passwordOpened} onClose={passwordDialog.close} />
      <Watermark email={user.email} timeRegion={warehouse?.time_region} />
    </AppShell>
  );
}
