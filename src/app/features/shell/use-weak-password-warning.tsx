import { useEffect } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { WEAK_PASSWORD_TOAST_MS } from '../../../shared/constants';
import { timeRegionOrDefault } from '../../../shared/warehouse';
import { intlTag } from '../../kit/i18n';
import { sessionQueries } from '../../kit/queries';
import { useSession } from '../../kit/use-session';

/** Users already warned in this page load: the warning shows once, not on every remount. */
const warned = new Set<number>();

/** After session start: a weak password gets a 5 s warning with a way to change it (spec §8). */
export function useWeakPasswordWarning(openChangePassword: () => void) {
  const { t } = useLingui();
  const { user, warehouse } = useSession();
  const { data } = useQuery(sessionQueries.simplePassword());
  const timeZone = timeRegionOrDefault(warehouse?.time_region);

  useEffect(() => {
    if (!data?.is_simple_password || warned.has(user.user_id)) return;
    warned.add(user.user_id);
    const date = data.deadline === null
      ? null
      : new Intl.DateTimeFormat(intlTag(), { dateStyle: 'medium', timeZone }).format(data.deadline * 1000);
    const id = notifications.show({
      color: 'yellow',
      autoClose: WEAK_PASSWORD_TOAST_MS,
      title: t`Weak password`,
      message: (
        <Stack gap={6} align="flex-start">
          <Text size="sm">
            {date ? <Trans>Your password is weak. Please change it before {date}.</Trans> : <Trans>Your password is weak. Please change it.</Trans>}
          </Text>
          <Button size="compact-sm" variant="light" onClick={() => { notifications.hide(id); openChangePassword(); }}>
            <Trans>Change Password</Trans>
          </Button>
        </Stack>
      ),
    });
  }, [data, user.user_id, timeZone, openChangePassword, t]);
}
