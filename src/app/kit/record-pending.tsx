import { Trans } from '@lingui/react/macro';
import { Alert, Loader, Stack, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { RET } from '../../shared/retcodes';
import { isApiError } from './api';

/**
 * What a record's page shows until its record is read: a loader, or why it cannot be shown — the
 * warehouse has no such record (a wrong or stale link), or the server could not be read.
 * `heading` is the page's title (a string becomes its h1).
 */
export function RecordPending({ heading, id, error, maw }: { heading: ReactNode; id: string; error: unknown; maw?: number }) {
  return (
    <Stack gap="md" maw={maw}>
      {typeof heading === 'string' ? <Title order={1} fz="h2">{heading}</Title> : heading}
      {error ? (
        <Alert color={isApiError(error, RET.NOT_FOUND) ? 'yellow' : 'red'} icon={<IconAlertTriangle size={18} aria-hidden />}>
          {isApiError(error, RET.NOT_FOUND) ? <Trans>{id} does not exist in this warehouse.</Trans> : <Trans>The record could not be read from the server.</Trans>}
        </Alert>
      ) : <Loader size="sm" />}
    </Stack>
  );
}
