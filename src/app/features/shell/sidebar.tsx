import { useRef } from 'react';
import { ActionIcon, AppShell, Badge, CloseButton, Flex, Group, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconSearch } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSession } from '../../kit/use-session';
import { Logo } from '../../kit/logo';
import { useMenu } from '../../routes/use-access';
import { MenuSearch } from './menu-search';
import { CollapsedMenu, MenuTree } from './menu-tree';
import { WarehouseSelect } from './warehouse-select';
import { FullStockCountSwitch } from './full-stock-count-switch';

interface SidebarProps {
  /** Desktop only: icons instead of the full menu. */
  collapsed: boolean;
  onCollapsedChange: (collapsed: boolean) => void;
  /** Under 768 px the sidebar is a drawer over the page. */
  onCloseDrawer: () => void;
  /** A drawer at every width (operator shell): close button shown, no collapse toggle. */
  drawer: boolean;
}

/** The left sidebar of spec §2: warehouse select, cycle count mode switch, menu search, menu, collapse toggle, environment tag. */
export function Sidebar({ collapsed, onCollapsedChange, onCloseDrawer, drawer }: SidebarProps) {
  const { t } = useLingui();
  const { user, warehouse } = useSession();
  const menu = useMenu();
  const searchRef = useRef<HTMLInputElement>(null);
  const whsName = warehouse ? `${warehouse.whs_name} (${warehouse.whs_id})` : user.whs_id;
  const toggleLabel = collapsed ? t`Expand sidebar` : t`Collapse sidebar`;

  const expandToSearch = () => {
    onCollapsedChange(false);
    window.setTimeout(() => searchRef.current?.focus(), 0);
  };

  return (
    <>
      <AppShell.Section p={collapsed ? 'xs' : 'md'} pb="xs">
        {collapsed ? (
          <Stack align="center" gap="sm">
            <Link to="/home" aria-label="Tally">
              <Logo withName={false} />
            </Link>
            <Tooltip label={whsName} position="right" withArrow>
              <Badge
                component="button"
                type="button"
                variant="light"
                radius="sm"
                size="lg"
                px={6}
                onClick={() => onCollapsedChange(false)}
                aria-label={t`Warehouse: ${whsName}`}
                style={{ cursor: 'pointer' }}
              >
                {(warehouse?.country ?? user.whs_id.slice(0, 2)).toUpperCase()}
              </Badge>
            </Tooltip>
            <FullStockCountSwitch collapsed />
            <Tooltip label={t`Search menu`} position="right" withArrow>
              <ActionIcon variant="subtle" color="gray" size="lg" onClick={expandToSearch} aria-label={t`Search menu`}>
                <IconSearch size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Group justify="space-between" wrap="nowrap">
              <Link to="/home" aria-label="Tally" style={{ color: 'inherit', textDecoration: 'none' }}>
                <Logo />
              </Link>
              <CloseButton hiddenFrom={drawer ? undefined : 'sm'} onClick={onCloseDrawer} aria-label={t`Close navigation`} />
            </Group>
            <WarehouseSelect />
            <FullStockCountSwitch collapsed={false} />
            <MenuSearch nodes={menu} inputRef={searchRef} />
          </Stack>
        )}
      </AppShell.Section>

      <AppShell.Section grow component={ScrollArea} px={collapsed ? 'xs' : 'sm'}>
        {menu.length === 0 ? (
          !collapsed && (
            <Text size="sm" c="dimmed" p="sm">
              <Trans>No pages are available to you in this warehouse.</Trans>
            </Text>
          )
        ) : collapsed ? (
          <CollapsedMenu nodes={menu} />
        ) : (
          <MenuTree nodes={menu} />
        )}
      </AppShell.Section>

      <AppShell.Section p="sm" style={{ borderTop: '1px solid var(--app-shell-border-color)' }}>
        <Flex direction={collapsed ? 'column' : 'row'} justify="space-between" align="center" gap="xs">
          {user.env && (
            <Tooltip label={t`Environment`} withArrow disabled={!collapsed}>
              <Badge variant="outline" color={user.env.toLowerCase() === 'live' ? 'gray' : 'orange'} radius="sm" title={t`Environment`}>
                {collapsed ? user.env.slice(0, 1) : user.env}
              </Badge>
            </Tooltip>
          )}
          {!drawer && (
            <Tooltip label={toggleLabel} position="right" withArrow>
              <ActionIcon variant="subtle" color="gray" onClick={() => onCollapsedChange(!collapsed)} aria-label={toggleLabel} visibleFrom="sm">
                {collapsed ? <IconLayoutSidebarLeftExpand size={18} aria-hidden /> : <IconLayoutSidebarLeftCollapse size={18} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </Flex>
      </AppShell.Section>
    </>
  );
}
