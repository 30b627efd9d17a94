import { useMemo, useState } from 'react';
import { Button, Card, EmptyState, Group, Stack, Text, Title } from '@mantine/core';
import { IconBarcode, IconChevronRight, IconScan } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { isOperationPath } from '../../../shared/routes/operations';
import { ScanInput } from '../../kit/scan/scan-input';
import type { ScanVerdict } from '../../kit/scan/use-scan-input';
import { useSession } from '../../kit/use-session';
import { flattenMenu, routeAt, type MenuEntry } from '../../routes/access';
import { screensMatching } from './screen-label';
import { useMenu } from '../../routes/use-access';

const SCANNER_CHECK = '/scanner-check';

/**
 * Home on the operator shell (PDAs, NQ1000 tablets): scan first. The field takes a screen's
 * label (printed at a station) or part of its name, and opens it; below, every operation
 * screen the user may open as a large button, then the device's scanner check.
 */
export function OperatorHome() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const { user, warehouse } = useSession();
  const menu = useMenu();
  const screens = useMemo(() => flattenMenu(menu).filter((e) => isOperationPath(e.path)), [menu]);
  const [matches, setMatches] = useState<MenuEntry[] | null>(null);
  const titleOf = (e: MenuEntry) => i18n._(e.title);

  const onScan = ({ value }: { value: string }): ScanVerdict => {
    // The scanner check, shown below the screens, opens by its label too.
    const scannerCheck = routeAt(SCANNER_CHECK);
    const found = screensMatching(scannerCheck ? [...screens, { path: SCANNER_CHECK, title: scannerCheck.title, trail: [] }] : screens, value, titleOf);
    if (found.length === 0) return { ok: false, message: t`No screen you may open matches “${value}”.` };
    if (found.length === 1) void navigate({ to: found[0]!.path });
    else setMatches(found);
    return { ok: true };
  };

  const shown = matches ?? screens;
  return (
    <Stack gap="md" maw={720} mx="auto">
      <div>
        <Title order={1} fz="h3">
          {warehouse?.whs_name ?? user.whs_id}
        </Title>
        <Text size="sm" c="dimmed">
          {user.display_name || user.email}
        </Text>
      </div>
      <ScanInput
        label={<Trans>Open a screen</Trans>}
        placeholder={t`Scan a screen label or type its name`}
        scanOnly={false}
        onScan={onScan}
      />
      {screens.length === 0 ? (
        <EmptyState
          icon={<IconScan size={28} aria-hidden />}
          title={<Trans>No operation screens here yet</Trans>}
          description={<Trans>None of the scanning screens you may use in this warehouse are part of this version of Tally. The menu has everything else you may open.</Trans>}
        />
      ) : (
        <Stack gap="xs" component="nav" aria-label={t`Operation screens`}>
          {matches && (
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                <Trans>{matches.length} screens match</Trans>
              </Text>
              <Button variant="subtle" size="compact-sm" onClick={() => setMatches(null)}>
                <Trans>Show all</Trans>
              </Button>
            </Group>
          )}
          {shown.map((screen) => (
            <Button
              key={screen.path}
              component={Link}
              to={screen.path}
              size="xl"
              variant="light"
              justify="space-between"
              fullWidth
              rightSection={<IconChevronRight size={20} aria-hidden />}
            >
              {titleOf(screen)}
            </Button>
          ))}
        </Stack>
      )}
      <Card withBorder padding="sm" radius="md" component={Link} to={SCANNER_CHECK} className="tally-link-card">
        <Group gap="sm" wrap="nowrap">
          <IconBarcode size={24} aria-hidden />
          <div>
            <Text fw={600}>
              <Trans>Scanner check</Trans>
            </Text>
            <Text size="sm" c="dimmed">
              <Trans>Test this device's scanner, sounds and voice.</Trans>
            </Text>
          </div>
        </Group>
      </Card>
    </Stack>
  );
}
