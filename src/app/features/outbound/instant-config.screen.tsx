import { useEffect, useState } from 'react';
import { Alert, Button, Group, Loader, NumberInput, Paper, Stack, Switch, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { INSTANT_PAGES, type InstantConfig } from '../../../shared/contract/instant-delivery.contract';
import { CUTOFF_FORMAT } from '../../../shared/instant-delivery';
import type { FieldDef } from '../../../shared/resources/define';
import { callApi } from '../../kit/api';
import { useMayCall } from '../../kit/permitted';
import { FieldValue } from '../../kit/resource/field-value';
import { toast } from '../../kit/toast';
import { pageTitle } from '../../routes/access';
import { instantQueries } from './instant-delivery.queries';

const SAVED_AT: FieldDef = { kind: 'time', label: /*i18n*/ 'Updated At', readOnly: true };

interface Form {
  enabled: boolean;
  carrier_names: string[];
  cutoff_time: string;
  alert_minutes: number | string;
}

const formOf = (c: InstantConfig): Form => ({ enabled: c.enabled, carrier_names: c.carrier_names, cutoff_time: c.cutoff_time ?? '', alert_minutes: c.alert_minutes });

/**
 * /salesoutbound/instantDelivery/configuration: the warehouse's instant delivery, one form (docs/outbound.md
 * "Instant delivery") — on or off, the instant carriers, the same-day cut-off (an order created later
 * is shown as next day's, never refused) and the minutes after which a parcel waiting in a pigeonhole is flagged.
 */
export default function InstantConfigScreen() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const config = useQuery(instantQueries.config());
  const canSave = useMayCall(contract.saveInstantConfig.access);
  const [form, setForm] = useState<Form | null>(null);
  useEffect(() => {
    if (config.data) setForm(formOf(config.data));
  }, [config.data]);
  const save = useMutation({
    mutationFn: (f: Form) => callApi(contract.saveInstantConfig, {
      enabled: f.enabled, carrier_names: f.carrier_names, cutoff_time: f.cutoff_time.trim() || null, alert_minutes: Number(f.alert_minutes),
    }),
    onSuccess: (saved) => {
      toast.success(t`Saved`);
      queryClient.setQueryData(instantQueries.config().queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: instantQueries.board().queryKey });
    },
  });
  const title = pageTitle(INSTANT_PAGES.configuration);
  if (!config.data || !form) return <Loader size="sm" aria-label={t`Loading`} />;
  const set = (change: Partial<Form>) => setForm({ ...form, ...change });
  const cutoffValid = form.cutoff_time.trim() === '' || CUTOFF_FORMAT.test(form.cutoff_time.trim());
  const alertValid = typeof form.alert_minutes === 'number' && form.alert_minutes >= 1 && form.alert_minutes <= 1440;
  const carriersValid = !form.enabled || form.carrier_names.length > 0;
  return (
    <Stack gap="md" maw={760}>
      <Title order={1} fz="h2">{title ? i18n._(title) : INSTANT_PAGES.configuration}</Title>
      <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
        <Trans>
          Orders of the instant carriers are packed as any order, then wait in the pigeonholes of their delivery zone (Zone Code) until their
          rider comes; the rider's pickup ships them (Tasks › Delivery Task).
        </Trans>
      </Alert>
      <Paper withBorder radius="md" p="md">
        <Stack gap="md" data-testid="instant-config">
          <Switch label={t`Instant delivery on`} checked={form.enabled} disabled={!canSave} onChange={(e) => set({ enabled: e.currentTarget.checked })} data-testid="instant-enabled" />
          <TagsInput
            label={t`Instant carriers`} description={t`Orders of these carriers are instant (compared without case, as shipping does).`}
            value={form.carrier_names} onChange={(carrier_names) => set({ carrier_names: carrier_names.map((c) => c.trim()).filter(Boolean) })}
            disabled={!canSave} clearable splitChars={[',', ';']} maxTags={20} error={carriersValid ? null : t`Name at least one carrier`} data-testid="instant-carriers"
          />
          <Group grow align="flex-start">
            <TextInput
              label={t`Same-day cut-off (HH:mm, warehouse time)`} placeholder="14:00" value={form.cutoff_time} disabled={!canSave} maxLength={5}
              description={t`An order created later is shown as the next day's; it is not refused.`}
              onChange={(e) => set({ cutoff_time: e.currentTarget.value })} error={cutoffValid ? null : t`Write it as HH:mm, e.g. 14:00`}
            />
            <NumberInput
              label={t`Alert after (minutes in a pigeonhole)`} min={1} max={1440} allowDecimal={false} allowNegative={false} disabled={!canSave}
              value={form.alert_minutes} onChange={(alert_minutes) => set({ alert_minutes })} error={alertValid ? null : t`From 1 to 1440`}
            />
          </Group>
          <Group justify="space-between">
            {config.data.updated_at !== null ? (
              <Text size="xs" c="dimmed">{i18n._(SAVED_AT.label)}: <FieldValue field={SAVED_AT} value={config.data.updated_at} /></Text>
            ) : <Text size="xs" c="dimmed"><Trans>Not saved yet: the defaults are shown.</Trans></Text>}
            {canSave && (
              <Button onClick={() => save.mutate(form)} loading={save.isPending} disabled={!cutoffValid || !alertValid || !carriersValid} data-testid="instant-save">
                <Trans>Save</Trans>
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
