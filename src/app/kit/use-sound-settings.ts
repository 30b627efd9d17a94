import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { platformOf, useDeviceKind } from './device';
import { setFeedbackPlatform, setSoundSettings } from './feedback';
import { notificationQueries } from './notification-queries';

/**
 * Keeps the cues on this device's notification sound settings (spec §4: loaded after the
 * session, failures ignored — the defaults of the node catalog apply meanwhile). Follows the
 * device type when it is changed on the scanner check page, and an administrator's save.
 */
export function useSoundSettings(): void {
  const platform = platformOf(useDeviceKind());
  const { data } = useQuery({ ...notificationQueries.soundList(platform), retry: false });
  useEffect(() => {
    setFeedbackPlatform(platform);
    if (data) setSoundSettings(platform, data.list);
  }, [platform, data]);
}
