import { useEffect, useState } from 'react';
import { ActionIcon, Menu, NavLink, Stack, Text, Tooltip } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { flattenMenu, type MenuNode } from '../../routes/access';
import { areaIcon, initialsOf } from './menu-icons';

const isWithin = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/** Paths of the groups that contain the current page, so they start open. */
function openGroupsFor(nodes: MenuNode[], pathname: string, into = new Set<string>()): Set<string> {
  for (const node of nodes) {
    if (node.children.length > 0 && containsPath(node, pathname)) {
      into.add(node.path);
      openGroupsFor(node.children, pathname, into);
    }
  }
  return into;
}

function containsPath(node: MenuNode, pathname: string): boolean {
  return isWithin(pathname, node.path) || node.children.some((child) => containsPath(child, pathname));
}

function AreaIcon({ node, size = 18 }: { node: MenuNode; size?: number }) {
  const { i18n } = useLingui();
  const Icon = areaIcon(node.path);
  if (Icon) return <Icon size={size} stroke={1.6} aria-hidden />;
  return (
    <Text component="span" fz={11} fw={700} w={size} ta="center" aria-hidden>
      {initialsOf(i18n._(node.title))}
    </Text>
  );
}

interface TreeProps {
  nodes: MenuNode[];
  pathname: string;
  open: Set<string>;
  toggle: (path: string, opened: boolean) => void;
  depth: number;
}

function Tree({ nodes, pathname, open, toggle, depth }: TreeProps) {
  const { i18n } = useLingui();
  return nodes.map((node) => {
    const label = i18n._(node.title);
    const icon = depth === 0 ? <AreaIcon node={node} /> : undefined;
    if (node.children.length === 0) {
      return (
        <NavLink
          key={node.path}
          component={Link}
          to={node.path}
          label={label}
          leftSection={icon}
          active={isWithin(pathname, node.path)}
          aria-current={isWithin(pathname, node.path) ? 'page' : undefined}
        />
      );
    }
    return (
      <NavLink
        key={node.path}
        label={label}
        leftSection={icon}
        opened={open.has(node.path)}
        onChange={(opened) => toggle(node.path, opened)}
        childrenOffset={depth === 0 ? 28 : 'md'}
      >
        <Tree nodes={node.children} pathname={pathname} open={open} toggle={toggle} depth={depth + 1} />
      </NavLink>
    );
  });
}

/** The permitted menu as a tree of links; groups on the current path start open. */
export function MenuTree({ nodes }: { nodes: MenuNode[] }) {
  const { t } = useLingui();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [open, setOpen] = useState(() => openGroupsFor(nodes, pathname));
  // Arriving somewhere else (search, breadcrumbs, a card) opens that page's groups too.
  useEffect(() => {
    setOpen((prev) => new Set([...prev, ...openGroupsFor(nodes, pathname)]));
  }, [nodes, pathname]);
  const toggle = (path: string, opened: boolean) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (opened) next.add(path);
      else next.delete(path);
      return next;
    });
  return (
    <nav aria-label={t`Main menu`}>
      <Tree nodes={nodes} pathname={pathname} open={open} toggle={toggle} depth={0} />
    </nav>
  );
}

/** The collapsed sidebar: one icon per area; an area's pages open in a side menu. */
export function CollapsedMenu({ nodes }: { nodes: MenuNode[] }) {
  const { t, i18n } = useLingui();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <Stack component="nav" aria-label={t`Main menu`} gap={4} align="center">
      {nodes.map((node) => {
        const label = i18n._(node.title);
        const current = containsPath(node, pathname);
        if (node.children.length === 0) {
          return (
            <Tooltip key={node.path} label={label} position="right" withArrow>
              <ActionIcon component={Link} to={node.path} size="lg" variant={current ? 'light' : 'subtle'} color={current ? undefined : 'gray'} aria-label={label}>
                <AreaIcon node={node} size={20} />
              </ActionIcon>
            </Tooltip>
          );
        }
        return (
          <Menu key={node.path} position="right-start" trigger="click-hover" openDelay={80} closeDelay={150} withinPortal>
            <Menu.Target>
              <ActionIcon size="lg" variant={current ? 'light' : 'subtle'} color={current ? undefined : 'gray'} aria-label={label}>
                <AreaIcon node={node} size={20} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown mah="70vh" style={{ overflowY: 'auto' }}>
              <Menu.Label>{label}</Menu.Label>
              {flattenMenu(node.children).map((leaf) => (
                <Menu.Item key={leaf.path} component={Link} to={leaf.path} color={isWithin(pathname, leaf.path) ? 'blue' : undefined}>
                  {i18n._(leaf.title)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        );
      })}
    </Stack>
  );
}
