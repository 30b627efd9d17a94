import { Alert, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { EndpointDef, InputOf } from '../../../shared/contract/define';
import type { ResourceDef } from '../../../shared/resources/define';
import { RET } from '../../../shared/retcodes';
import { callApi, isApiError } from '../api';
import { FieldValue } from './field-value';

export interface ResourceDetailProps<E extends EndpointDef> {
  resource: ResourceDef;
  /** The detail call of the resource (resourceEndpoints(...).detail). */
  endpoint: E;
  title: string;
  /** The key of the row, from the route. */
  id: string;
}

/** The Detail mode of a resource's form (spec §2): every field, read-only, no Confirm or Cancel. */
export function ResourceDetail<E extends EndpointDef>({ resource, endpoint, title, id }: ResourceDetailProps<E>) {
  const { i18n } = useLingui();
  const detail = useQuery({
    queryKey: ['resource', resource.name, 'detail', id],
    queryFn: ({ signal }) => callApi(endpoint, { [resource.key]: id } as InputOf<E>, { signal, noErrorCodes: [RET.NOT_FOUND] }) as Promise<Record<string, unknown>>,
    retry: false,
  });

  return (
    <Stack gap="md" maw={960}>
      <Title order={1} fz="h2">{title}</Title>
      {detail.isPending && <Loader size="sm" />}
      {detail.isError && (
        <Alert color={isApiError(detail.error, RET.NOT_FOUND) ? 'yellow' : 'red'} icon={<IconAlertTriangle size={18} aria-hidden />}>
          {isApiError(detail.error, RET.NOT_FOUND)
            ? <Trans>{id} does not exist in this warehouse.</Trans>
            : <Trans>The record could not be read from the server.</Trans>}
        </Alert>
      )}
      {detail.data && (
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="resource-detail">
            {Object.entries(resource.fields).map(([name, field]) => (
              <div key={name} data-field={name}>
                <Text size="xs" c="dimmed">{i18n._(field.label)}</Text>
                <Text size="sm" fw={500} component="div" style={{ wordBreak: 'break-word' }}>
                  <FieldValue field={field} value={detail.data[name]} />
                </Text>
              </div>
            ))}
          </SimpleGrid>
        </Paper>
      )}
    </Stack>
  );
}
