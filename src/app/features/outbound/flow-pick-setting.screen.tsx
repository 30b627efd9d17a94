import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, NumberInput, Paper, SegmentedControl, Stack, Switch, TagsInput, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { ORDER_ITEM_KIND, ORDER_PRIORITY } from '../../../shared/codes';
import { TASK_UNITS_MAX } from '../../../shared/constants';
import { contract } from '../../../shared/contract';
import type { EndpointDef, InputOf } from '../../../shared/contract/define';
import { FLOW_ITEM_KINDS, FLOW_MIN_PRIORITIES, FLOW_ORDERS_MAX, FLOW_PICK_ACCESS, FLOW_PICK_PAGES, FLOW_ZONES_MAX, type FlowPickSetting } from '../../../shared/contract/flow-pick.contract';
import { entryName } from '../../../shared/resources/endpoints';
import { zoneResource } from '../../../shared/resources/zone.resource';
import { RET } from '../../../shared/retcodes';
import { callApi } from '../../kit/api';
import { useSession } from '../../kit/use-session';
import { toast } from '../../kit/toast';
import { FieldValue } from '../../kit/resource/field-value';
import type { FieldDef } from '../../../shared/resources/define';
import { pageTitle } from '../../routes/access';
import { useCanOpen } from '../../routes/use-access';
import { flowPickingSkillResource } from '../../../shared/resources/outbound-rules.resource';
import { outboundQueries } from './outbound.queries';

const SAVED_AT: FieldDef = { kind: 'time', label: /*i18n*/ 'Updated At', readOnly: true };

type Form = Pick<FlowPickSetting, 'enabled' | 'zone_ids' | 'item_kind' | 'min_priority'> & { max_orders: number | string; max_units: number | string };

const formOf = (s: FlowPickSetting): Form => ({
  enabled: s.enabled, zone_ids: s.zone_ids, item_kind: s.item_kind, min_priority: s.min_priority, max_orders: s.max_orders, max_units: s.max_units ?? '',
});

/** The warehouse's zone ids, offered as the zones are typed (none without the right to list zones: the server checks what is typed). */
function useZoneIds(): string[] {
  const list = (contract as Record<string, EndpointDef>)[entryName(zoneResource.api!.list.path)]!;
  const zones = useQuery({
    queryKey: ['resource', zoneResource.name, 'list', 'flowPickSetting'],
    queryFn: ({ signal }) => callApi(list, { page_size: 200 } as InputOf<EndpointDef>, { signal, noErrorCodes: [RET.PERMISSION_DENIED] }) as Promise<{ list: { zone_id: string }[] }>,
    retry: false,
  });
  return zones.data?.list.map((z) => z.zone_id) ?? [];
}

/**
 * /rulecenter/flowPickSetting: the warehouse's flow pick setting, one form (docs/outbound.md "Flow
 * pick") — on or off, the zones where it applies (none: every zone), the most orders and units of a
 * flow task (units default to the picking rule's capacity), which orders (all or single-item) and
 * the lowest priority taken. Its Edit permission saves it.
 */
export default function FlowPickSettingScreen() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const { perms } = useSession();
  const canEdit = perms.has(FLOW_PICK_ACCESS.editSetting.perm);
  const setting = useQuery(outboundQueries.flowPickSetting());
  const zoneIds = useZoneIds();
  const [form, setForm] = useState<Form | null>(null);
  useEffect(() => {
    if (setting.data) setForm(formOf(setting.data));
  }, [setting.data]);
  const save = useMutation({
    mutationFn: (f: Form) => callApi(contract.updateFlowPickSetting, {
      enabled: f.enabled, zone_ids: f.zone_ids, item_kind: f.item_kind, min_priority: f.min_priority,
      max_orders: Number(f.max_orders), max_units: f.max_units === '' ? null : Number(f.max_units),
    }),
    onSuccess: (saved) => {
      toast.success(t`Saved`);
      queryClient.setQueryData(outboundQueries.flowPickSetting().queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: ['outbound', 'flowPick'] });
    },
  });
  const skillsPage = flowPickingSkillResource.pages!.list!;
  const canOpenSkills = useCanOpen(skillsPage);
  const skillsTitle = pageTitle(skillsPage);
  const title = pageTitle(FLOW_PICK_PAGES.setting);
  if (!setting.data || !form) return <Loader size="sm" />;
  const set = (change: Partial<Form>) => setForm({ ...form, ...change });
  const ordersValid = typeof form.max_orders === 'number' && form.max_orders >= 1 && form.max_orders <= FLOW_ORDERS_MAX;
  const unitsValid = form.max_units === '' || (typeof form.max_units === 'number' && form.max_units >= 1 && form.max_units <= TASK_UNITS_MAX);
  const defaultUnits = setting.data.default_max_units;
  const updatedAt = setting.data.updated_at;
  const updatedBy = setting.data.updated_by_name ?? '';
  return (
    <Stack gap="md" maw={760}>
      <Title order={1} fz="h2">{title ? i18n._(title) : FLOW_PICK_PAGES.setting}</Title>
      <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
        <Trans>
          Flow pick releases orders to pickers without waiting for a wave: a picker with a flow picking skill who asks for the next task when none
          waits gets one made at once of the orders below, highest priority first, then the earliest cut-off, then the oldest.
        </Trans>
      </Alert>
      <Paper withBorder radius="md" p="md">
        <Stack gap="md" data-testid="flow-pick-setting">
          {canOpenSkills && skillsTitle && (
            <Anchor component={Link} to={skillsPage} size="sm" data-testid="flow-pick-skills-link">{i18n._(skillsTitle)}</Anchor>
          )}
          <Switch label={t`Flow pick on`} checked={form.enabled} disabled={!canEdit} onChange={(e) => set({ enabled: e.currentTarget.checked })} data-testid="flow-pick-enabled" />
          <TagsInput
            label={t`Zones`} description={t`Leave empty for every zone.`} placeholder={form.zone_ids.length === 0 ? t`Every zone` : undefined}
            data={zoneIds} value={form.zone_ids} maxTags={FLOW_ZONES_MAX} disabled={!canEdit} clearable splitChars={[',', ' ', ';']}
            onChange={(zone_ids) => set({ zone_ids: zone_ids.map((z) => z.trim()).filter(Boolean) })}
          />
          <Group grow align="flex-start">
            <NumberInput
              label={t`Most orders per flow task`} min={1} max={FLOW_ORDERS_MAX} allowDecimal={false} allowNegative={false} required disabled={!canEdit}
              value={form.max_orders} onChange={(max_orders) => set({ max_orders })} error={ordersValid ? null : t`From 1 to ${FLOW_ORDERS_MAX}`}
            />
            <NumberInput
              label={t`Most units per flow task`} min={1} max={TASK_UNITS_MAX} allowDecimal={false} allowNegative={false} disabled={!canEdit}
              description={t`Empty: the picking rule's capacity (${defaultUnits})`} placeholder={String(defaultUnits)}
              value={form.max_units} onChange={(max_units) => set({ max_units })} error={unitsValid ? null : t`From 1 to ${TASK_UNITS_MAX}`}
            />
          </Group>
          <Stack gap={4}>
            <Text size="sm" fw={500}><Trans>Orders taken</Trans></Text>
            <SegmentedControl
              value={String(form.item_kind)} disabled={!canEdit} maw={420}
              data={FLOW_ITEM_KINDS.map((v) => ({ value: String(v), label: i18n._(ORDER_ITEM_KIND.label(v)!) }))}
              onChange={(v) => set({ item_kind: Number(v) as Form['item_kind'] })}
            />
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={500}><Trans>Lowest priority taken</Trans></Text>
            <SegmentedControl
              value={String(form.min_priority)} disabled={!canEdit} maw={420}
              data={FLOW_MIN_PRIORITIES.map((v) => ({
                value: String(v), label: v === ORDER_PRIORITY.values.NORMAL ? t`Normal and Priority` : t`Priority only`,
              }))}
              onChange={(v) => set({ min_priority: Number(v) as Form['min_priority'] })}
            />
          </Stack>
          {updatedAt !== null && (
            <Text size="sm" c="dimmed"><Trans>Last saved by {updatedBy}:</Trans> <FieldValue field={SAVED_AT} value={updatedAt} /></Text>
          )}
          {canEdit && (
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setForm(formOf(setting.data))}><Trans>Reset</Trans></Button>
              <Button loading={save.isPending} disabled={!ordersValid || !unitsValid} onClick={() => save.mutate(form)} data-testid="flow-pick-save"><Trans>Save</Trans></Button>
            </Group>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
