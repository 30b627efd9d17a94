import { Tabs } from '@mantine/core';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { ROUTES } from '../../shared/routes/manifest';
import { canOpen } from '../routes/access';
import { useAccessState } from '../routes/use-access';

/**
 * The tabs of a page whose tabs are routes of one manifest tab group (spec §2: shop / group,
 * Station Management / Record Settings): the ones the user may open and that are built.
 */
export function RouteTabs({ group }: { group: string }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const state = useAccessState();
  const tabs = ROUTES.filter((r) => r.tabGroup === group && canOpen(r, state) && state.isBuilt(r.path));
  const active = tabs.find((r) => pathname === r.path || pathname.endsWith(r.path))?.path ?? null;
  if (tabs.length < 2) return null;
  return (
    <Tabs value={active} onChange={(to) => to && void navigate({ to })}>
      <Tabs.List>
        {tabs.map((r) => <Tabs.Tab key={r.path} value={r.path}>{i18n._(r.title)}</Tabs.Tab>)}
      </Tabs.List>
    </Tabs>
  );
}
