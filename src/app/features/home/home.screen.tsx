import { useMemo } from 'react';
import { Badge, Card, EmptyState, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBuildingWarehouse, IconChevronRight, IconLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { timeRegionOrDefault } from '../../../shared/warehouse';
import { useDeviceKind } from '../../kit/device';
import { useSession } from '../../kit/use-session';
import { intlTag } from '../../kit/i18n';
import { useAccessState, useMenu } from '../../routes/use-access';
import { buildMenu, flattenMenu, type MenuEntry, type MenuNode } from '../../routes/access';
import { OperatorHome } from './operator-home';

interface Area {
  path: string;
  title: MessageDescriptor;
  pages: MenuEntry[];
}

/** Every page the user may open, grouped by its top-level area; the home page itself left out. */
function areasOf(menu: MenuNode[]): { areas: Area[]; loose: MenuEntry[] } {
  const areas: Area[] = menu
    .filter((node) => node.children.length > 0)
    .map((node) => ({ path: node.path, title: node.title, pages: flattenMenu(node.children) }));
  const loose = flattenMenu(menu.filter((node) => node.children.length === 0 && node.path !== '/home'));
  return { areas, loose };
}

function PageCards({ pages }: { pages: MenuEntry[] }) {
  const { i18n } = useLingui();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="sm">
      {pages.map((page) => (
        <Card key={page.path} component={Link} to={page.path} withBorder padding="sm" radius="md" className="tally-link-card">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} size="sm" truncate>
                {i18n._(page.title)}
              </Text>
              {page.trail.length > 0 && (
                <Text size="xs" c="dimmed" truncate>
                  {page.trail.map((d) => i18n._(d)).join(' › ')}
                </Text>
              )}
            </div>
            <IconChevronRight size={16} aria-hidden />
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function WarehouseCard() {
  const { t } = useLingui();
  const { user, warehouse } = useSession();
  const timeZone = timeRegionOrDefault(warehouse?.time_region);
  const today = new Intl.DateTimeFormat(intlTag(), { dateStyle: 'full', timeZone }).format(new Date());
  const facts: [string, string][] = warehouse
    ? [
        [t`Warehouse ID`, warehouse.whs_id],
        [t`Country`, warehouse.country],
        [t`Time zone`, timeZone],
        [t`RMS warehouse`, warehouse.is_rms ? t`Yes` : t`No`],
      ]
    : [[t`Warehouse ID`, user.whs_id]];
  return (
    <Card withBorder radius="md" padding="md" component="section">
      <Group gap="sm" mb="sm" wrap="nowrap">
        <IconBuildingWarehouse size={24} aria-hidden />
        <div>
          <Title order={2} fz="lg">
            {warehouse?.whs_name ?? user.whs_id}
          </Title>
          <Text size="sm" c="dimmed">
            {today}
          </Text>
        </div>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" component="dl" m={0}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="xs" c="dimmed">
              {label}
            </Text>
            <Text component="dd" size="sm" fw={500} m={0}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Card>
  );
}

/** The landing page; on PDAs and tablets the operator shell's scan-first home. */
export default function HomeScreen() {
  return useDeviceKind() === 'pc' ? <DesktopHome /> : <OperatorHome />;
}

/** Who and where you are, and every page you may open from here. */
function DesktopHome() {
  const { i18n } = useLingui();
  const { user } = useSession();
  const { areas, loose } = areasOf(useMenu());
  const access = useAccessState();
  const name = user.display_name || user.email;
  const empty = areas.length === 0 && loose.length === 0;
  // Permitted pages whose screens this version does not include yet are not the user's fault.
  const permittedElsewhere = useMemo(
    () => empty && flattenMenu(buildMenu({ ...access, isBuilt: () => true })).some((e) => e.path !== '/home'),
    [empty, access],
  );

  return (
    <Stack gap="lg" maw={1400}>
      <div>
        <Title order={1} fz="h2">
          <Trans>Welcome, {name}</Trans>
        </Title>
        <Text c="dimmed">
          <Trans>Pick up where you need to: every page you may open in this warehouse is below.</Trans>
        </Text>
      </div>
      <WarehouseCard />
      {empty ? (
        <EmptyState
          icon={<IconLock size={28} aria-hidden />}
          title={<Trans>No pages available yet</Trans>}
          description={permittedElsewhere
            ? <Trans>The pages you have permission for in this warehouse are not part of this version of Tally yet.</Trans>
            : <Trans>Your account has no pages in this warehouse. Ask your administrator for the permissions you need, or switch to another warehouse in the sidebar.</Trans>}
        />
      ) : (
        <>
          {areas.map((area) => (
            <Stack key={area.path} gap="xs" component="section">
              <Group gap="xs">
                <Title order={2} fz="md">
                  {i18n._(area.title)}
                </Title>
                <Badge variant="light" size="sm" radius="sm">
                  {area.pages.length}
                </Badge>
              </Group>
              <PageCards pages={area.pages} />
            </Stack>
          ))}
          {loose.length > 0 && (
            <Stack gap="xs" component="section">
              <Title order={2} fz="md">
                <Trans>More pages</Trans>
              </Title>
              <PageCards pages={loose} />
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
