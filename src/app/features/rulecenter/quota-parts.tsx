import { Progress, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { INBOUND_ORDER_TYPE } from '../../../shared/codes';
import { intlTag } from '../../kit/i18n';

/** Pieces the quota and delivery slot screens share. */

/** The label of a plan's inbound type: an inbound order type, or every type (integrated mode). */
export function useQuotaTypeLabel(): (type: number) => string {
  const { t, i18n } = useLingui();
  return (type) => (type === 0 ? t`All inbound types` : i18n._(INBOUND_ORDER_TYPE.label(type)!));
}

/** How much of a quota is used, as a bar: red when full. */
export function UsageBar({ used, quota, enabled }: { used: number; quota: number; enabled: boolean }) {
  const share = quota > 0 ? Math.min(100, (used / quota) * 100) : used > 0 ? 100 : 0;
  return (
    <Stack gap={2}>
      <Text size="sm">{enabled ? `${used.toLocaleString(intlTag())} / ${quota.toLocaleString(intlTag())}` : used.toLocaleString(intlTag())}</Text>
      {enabled && <Progress value={share} size="sm" color={share >= 100 ? 'red' : share >= 80 ? 'orange' : 'teal'} />}
    </Stack>
  );
}

