import { Suspense, lazy } from 'react';
import { Anchor, Breadcrumbs, Burger, Group, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link, useRouterState } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { breadcrumbs } from '../../routes/access';

const TopBarActions = lazy(() => import('./top-bar-actions'));

/** A declared path with its parameters filled in; an absent optional parameter drops its segment. */
function fillPath(path: string, params: Record<string, string>): string {
  const segments = path.split('/').filter(Boolean).map((segment) =>
    segment.replace(/\{-?\$(\w+)\}|\$(\w+)/g, (_m, braced?: string, bare?: string) => encodeURIComponent(params[braced ?? bare ?? ''] ?? '')));
  return '/' + segments.filter(Boolean).join('/');
}

function PageBreadcrumbs() {
  const { t, i18n } = useLingui();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // Below xs only the page itself: hidden parents would still leave their separators behind.
  const wide = useMediaQuery('(min-width: 36em)', true, { getInitialValueInEffect: false });
  const all = breadcrumbs(pathname);
  const items = wide ? all : all.slice(-1);
  return (
    <Breadcrumbs
      component="nav"
      aria-label={t`Breadcrumbs`}
      separatorMargin={6}
      style={{ minWidth: 0, flexWrap: 'nowrap', overflow: 'hidden' }}
    >
      {items.map((item, index) => {
        const title = i18n._(item.title);
        return index === items.length - 1 ? (
          <Text key={item.path} size="sm" fw={600} truncate aria-current="page">
            {title}
          </Text>
        ) : (
          <Anchor key={item.path} component={Link} to={fillPath(item.path, item.params)} size="sm" c="dimmed" truncate>
            {title}
          </Anchor>
        );
      })}
    </Breadcrumbs>
  );
}

interface TopBarProps {
  navOpened: boolean;
  onToggleNav: () => void;
  onChangePassword: () => void;
  /** Operator shell: the sidebar is a drawer at every width. */
  handheld: boolean;
  /** Show the badge and dropdowns (after the page's first paint). */
  withActions: boolean;
}

/**
 * The top navbar (spec §2): burger and breadcrumbs first; the sync badge, language dropdown,
 * avatar and user dropdown (`top-bar-actions.tsx`) load once the page has painted.
 */
export function TopBar({ navOpened, onToggleNav, onChangePassword, handheld, withActions }: TopBarProps) {
  const { t } = useLingui();
  return (
    <Group h="100%" px="md" gap="sm" wrap="nowrap" justify="space-between">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
        <Burger opened={navOpened} onClick={onToggleNav} hiddenFrom={handheld ? undefined : 'sm'} size={handheld ? 'md' : 'sm'} aria-label={t`Open navigation`} aria-expanded={navOpened} />
        <PageBreadcrumbs />
      </Group>
      {withActions && (
        <Suspense fallback={null}>
          <TopBarActions onChangePassword={onChangePassword} />
        </Suspense>
      )}
    </Group>
  );
}
