import { useEffect, useState } from 'react';
import { Button, Group, NumberInput, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract, type InputOf } from '../../../shared/contract';
import { CC_ACCESS } from '../../../shared/contract/cycle-count.contract';
import { callApi } from '../../kit/api';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { toast } from '../../kit/toast';
import { ccQueries } from './cycle-count.queries';

type Config = InputOf<typeof contract.updateCycleCountConfig>;

/**
 * Rule Center › Cycle Count Config (spec §2 /rulecenter/cycleCountConfig): blind counting or not,
 * the rounds an order may have, the daily count's compliance mode, and the most locations and SKUs
 * one order may count (get_cycle_count_config and get_cycle_count_sku_location_limit_config, saved
 * together by update_cycle_count_config). Orders made before keep what they were made with.
 */
export default function CycleCountConfigScreen() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const mayEdit = useMayCall(CC_ACCESS.configure);
  const config = useQuery(ccQueries.config());
  const limits = useQuery(ccQueries.limitConfig());
  const [form, setForm] = useState<Config | null>(null);
  useEffect(() => {
    if (config.data && limits.data) setForm({ ...config.data, ...limits.data });
  }, [config.data, limits.data]);
  const save = useMutation({
    mutationFn: (next: Config) => callApi(contract.updateCycleCountConfig, next),
    onSuccess: async (saved) => {
      setForm(saved);
      toast.success(t`Saved`);
      await queryClient.invalidateQueries({ queryKey: ccQueries.all });
    },
  });
  const set = (patch: Partial<Config>) => setForm((f) => (f ? { ...f, ...patch } : f));
  const wholeNumber = (value: number | string, fallback: number) => (typeof value === 'number' ? value : fallback);

  return (
    <Stack gap="lg" maw={760}>
      <Title order={1} fz="h2"><Trans>Cycle Count Config</Trans></Title>
      {!mayEdit && <MissingPermissionNote access={CC_ACCESS.configure} />}
      {!form ? <Skeleton h={300} /> : (
        <Paper withBorder radius="md" p="md" component="form" onSubmit={(e) => { e.preventDefault(); save.mutate(form); }} data-testid="cc-config">
          <Stack gap="lg">
            <Switch
              label={t`Counters see the book quantity`} description={t`Off: counting is blind, the expected quantity is hidden on the PDA.`}
              checked={form.show_system_qty} disabled={!mayEdit} onChange={(e) => set({ show_system_qty: e.currentTarget.checked })}
            />
            <Switch
              label={t`Daily cycle count compliance mode`} description={t`Daily Cycle Count is in compliance mode, only Park Range and Location CC is allowed.`}
              checked={form.compliance_mode} disabled={!mayEdit} onChange={(e) => set({ compliance_mode: e.currentTarget.checked })}
            />
            <NumberInput
              label={t`Most rounds of an order`} description={t`1 to 10; a full stock count always has 4.`} required min={1} max={10} allowDecimal={false}
              value={form.max_rounds} disabled={!mayEdit} onChange={(v) => set({ max_rounds: wholeNumber(v, form.max_rounds) })} w={260}
            />
            <Group grow>
              <NumberInput
                label={t`Most locations per order`} required min={1} max={1_000_000} allowDecimal={false} thousandSeparator
                value={form.max_locations} disabled={!mayEdit} onChange={(v) => set({ max_locations: wholeNumber(v, form.max_locations) })}
              />
              <NumberInput
                label={t`Most SKUs per order`} required min={1} max={1_000_000} allowDecimal={false} thousandSeparator
                value={form.max_skus} disabled={!mayEdit} onChange={(v) => set({ max_skus: wholeNumber(v, form.max_skus) })}
              />
            </Group>
            <Text size="sm" c="dimmed"><Trans>Orders made before keep the settings they were made with.</Trans></Text>
            {mayEdit && (
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending}><Trans>Save</Trans></Button>
              </Group>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
