import { Button, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { CenteredPage } from '../../kit/centered-page';

const isChunkLoadError = (error: unknown) =>
  error instanceof Error && /dynamically imported module|Importing a module script failed|Loading (CSS )?chunk|Unable to preload CSS/i.test(error.message);

/** What the router shows when a screen's code or its session data cannot be loaded. */
export default function AppErrorScreen({ error }: ErrorComponentProps) {
  const router = useRouter();
  const chunk = isChunkLoadError(error);
  if (!chunk) console.error(error);
  return (
    <CenteredPage title={<Trans>Something went wrong</Trans>}>
      <Text>
        {chunk
          ? <Trans>A part of the app could not be loaded. Check the network connection and reload the page.</Trans>
          : error instanceof Error && error.name === 'NetworkError'
            ? <Trans>Network error, please try again.</Trans>
            : <Trans>The page could not be shown. Try again; if it keeps failing, reload the page.</Trans>}
      </Text>
      <Group>
        <Button leftSection={<IconRefresh size={18} aria-hidden />} onClick={() => (chunk ? window.location.reload() : void router.invalidate())}>
          <Trans>Try again</Trans>
        </Button>
        {!chunk && (
          <Button variant="default" onClick={() => window.location.reload()}>
            <Trans>Reload</Trans>
          </Button>
        )}
      </Group>
    </CenteredPage>
  );
}
