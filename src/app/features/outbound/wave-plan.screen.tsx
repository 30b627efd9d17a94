import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlayerPlay, IconRefresh } from '@tabler/icons-react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ORDER_ITEM_KIND, PICKING_TYPE, WAVE_HELD_REASON } from '../../../shared/codes';
import { SALES_ORDER_PAGES } from '../../../shared/contract/sales-order.contract';
import { WAVE_PAGES, waveContract, type AutoWaveRun, type RulePlan } from '../../../shared/contract/wave.contract';
import type { FieldDef } from '../../../shared/resources/define';
import { autoWaveRuleResource, waveRuleResource } from '../../../shared/resources/outbound-rules.resource';
import { callApi } from '../../kit/api';
import { FieldValue } from '../../kit/resource/field-value';
import { linkProps } from '../../kit/resource/resource-list';
import { recordLink } from '../../kit/resource/resource-pages';
import { routeAt } from '../../routes/access';
import { useCanOpen } from '../../routes/use-access';
import { AutoWaveRunResult, useCanRunAutoWaves, useRunAutoWaves } from './auto-wave-parts';
import { Facts, NoData } from '../../kit/record-parts';

/**
 * /salesoutbound/waveplan: each active auto wave rule of the warehouse with its schedule, and a
 * dry run of what it would release now — the waves (step, group, picking type, orders, units,
 * SKUs) and the orders it would hold back and why — from the same planner as the run
 * (get_wave_plan). Run Now releases them and links to the new waves.
 */

const wavePlanQuery = () => queryOptions({
  queryKey: ['outbound', 'wavePlan'],
  queryFn: ({ signal }) => callApi(waveContract.getWavePlan, {}, { signal }),
});

const TIME: FieldDef = { kind: 'time', label: '' };
const time = (value: number | null, none: ReactNode) => (value === null ? none : <FieldValue field={TIME} value={value} />);

type PlannedWave = RulePlan['waves'][number];

/** A badge whose text wraps in a narrow cell instead of being cut (a cut-off time, a reason). */
const WRAPPING_BADGE = { root: { height: 'auto', paddingBlock: 2 }, label: { whiteSpace: 'normal', overflow: 'visible' } } as const;

/** What keeps a planned wave's orders together, in words (only the keys its grouping rule uses). */
function GroupKey({ group }: { group: PlannedWave['group'] }) {
  const { t, i18n } = useLingui();
  const parts: ReactNode[] = [];
  if (group.shop_id !== undefined) parts.push(group.shop_id === null ? t`No shop` : t`Shop ${group.shop_id}`);
  if (group.store_group_template_id !== undefined) {
    const id = group.store_group_template_id;
    const name = group.store_group_template_name ?? `#${id}`;
    parts.push(id === null ? t`No template` : t`Template ${name}`);
  }
  if (group.item_kind !== undefined) {
    const kind = ORDER_ITEM_KIND.label(group.item_kind);
    if (kind) parts.push(i18n._(kind));
  }
  if (group.zone_ids !== undefined) parts.push(group.zone_ids.length === 0 ? t`Not allocated yet` : t`Zones ${group.zone_ids.join(' + ')}`);
  if (group.cutoff_from !== undefined) {
    parts.push(group.cutoff_from === null ? t`No cut-off` : <span key="cutoff">{t`Cut-off from`} <FieldValue field={TIME} value={group.cutoff_from} /></span>);
  }
  if (parts.length === 0) return <Text size="sm" c="dimmed"><Trans>All orders</Trans></Text>;
  return <Group gap={4}>{parts.map((part, i) => <Badge key={i} variant="outline" tt="none" fw={500} styles={WRAPPING_BADGE}>{part}</Badge>)}</Group>;
}

function OrderLinks({ orderNos, total }: { orderNos: readonly string[]; total: number }) {
  const canOpen = useCanOpen(SALES_ORDER_PAGES.detail);
  return (
    <Text size="sm" style={{ wordBreak: 'break-word' }}>
      {orderNos.map((orderNo, i) => (
        <span key={orderNo}>
          {i > 0 && ', '}
          {canOpen ? <Anchor component={Link} to={SALES_ORDER_PAGES.detail.replace('$id', encodeURIComponent(orderNo))} size="sm">{orderNo}</Anchor> : orderNo}
        </span>
      ))}
      {total > orderNos.length && ` … (+${total - orderNos.length})`}
    </Text>
  );
}

function PlannedWaves({ plan }: { plan: RulePlan }) {
  const { t, i18n } = useLingui();
  const canOpenWaveRule = useCanOpen(waveRuleResource.pages!.detail!);
  if (plan.waves.length === 0) return <Text size="sm" c="dimmed"><Trans>A run now would release no wave.</Trans></Text>;
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped withTableBorder data-testid="wave-plan-waves">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th><Trans>Wave Rule</Trans></Table.Th>
            <Table.Th><Trans>Group</Trans></Table.Th>
            <Table.Th><Trans>Picking Type</Trans></Table.Th>
            <Table.Th ta="right"><Trans>Orders</Trans></Table.Th>
            <Table.Th ta="right"><Trans>Units</Trans></Table.Th>
            <Table.Th ta="right"><Trans>SKUs</Trans></Table.Th>
            <Table.Th ta="right"><Trans>Waiting for Stock</Trans></Table.Th>
            <Table.Th><Trans>Orders</Trans></Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {plan.waves.map((w, i) => {
            const type = PICKING_TYPE.label(w.picking_type);
            const ruleName = w.wave_rule_id === null ? t`The rule's own limits` : w.wave_rule_name ?? String(w.wave_rule_id);
            return (
              <Table.Tr key={i}>
                <Table.Td>{i + 1}</Table.Td>
                <Table.Td>
                  {w.wave_rule_id !== null && canOpenWaveRule
                    ? <Anchor component={Link} {...linkProps(recordLink(waveRuleResource, waveRuleResource.pages!.detail!, w.wave_rule_id))} size="sm">{ruleName}</Anchor>
                    : <Text size="sm">{ruleName}</Text>}
                </Table.Td>
                <Table.Td><GroupKey group={w.group} /></Table.Td>
                <Table.Td>{type ? i18n._(type) : w.picking_type}</Table.Td>
                <Table.Td ta="right">{w.order_count}</Table.Td>
                <Table.Td ta="right">{w.unit_count}</Table.Td>
                <Table.Td ta="right">{w.sku_count}</Table.Td>
                <Table.Td ta="right">{w.pending_pick_count}</Table.Td>
                <Table.Td maw={320}><OrderLinks orderNos={w.order_nos} total={w.order_count} /></Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function HeldBack({ plan }: { plan: RulePlan }) {
  const { i18n } = useLingui();
  if (plan.held.length === 0) return null;
  return (
    <Stack gap={4} data-testid="wave-plan-held">
      <Text size="sm" fw={600}><Trans>Held back from this run</Trans></Text>
      {plan.held.map((h) => {
        const reason = WAVE_HELD_REASON.label(h.reason);
        return (
          <Group key={h.reason} gap="xs" align="flex-start" wrap="nowrap">
            <Badge color="orange" variant="light" tt="none" miw={180} styles={WRAPPING_BADGE}>{reason ? i18n._(reason) : h.reason}{`: ${h.order_count}`}</Badge>
            <OrderLinks orderNos={h.order_nos} total={h.order_count} />
          </Group>
        );
      })}
    </Stack>
  );
}

function RulePlanCard({ plan, onRefresh }: { plan: RulePlan; onRefresh(): void }) {
  const { t } = useLingui();
  const canRun = useCanRunAutoWaves();
  const canOpenRule = useCanOpen(autoWaveRuleResource.pages!.detail!);
  const [runs, setRuns] = useState<AutoWaveRun[] | null>(null);
  const runNow = useRunAutoWaves((done) => {
    setRuns(done);
    onRefresh();
  });
  const orders = plan.waves.reduce((sum, w) => sum + w.order_count, 0);
  const units = plan.waves.reduce((sum, w) => sum + w.unit_count, 0);
  const ruleLink = recordLink(autoWaveRuleResource, autoWaveRuleResource.pages!.detail!, plan.rule_id);
  return (
    <Paper withBorder radius="md" p="md" data-testid={`wave-plan-rule-${plan.rule_id}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} fz="h4">
              {canOpenRule ? <Anchor component={Link} {...linkProps(ruleLink)} inherit>{plan.rule_name}</Anchor> : plan.rule_name}
            </Title>
            <Text size="sm" c="dimmed">
              {plan.wave_group_name === null ? t`Waves by the rule's own limits` : t`Wave group: ${plan.wave_group_name} (${plural(plan.step_count, { one: '# wave rule', other: '# wave rules' })})`}
            </Text>
          </Stack>
          {canRun && (
            <Button leftSection={<IconPlayerPlay size={16} aria-hidden />} loading={runNow.isPending} onClick={() => runNow.mutate(plan.rule_id)}>
              <Trans>Run Now</Trans>
            </Button>
          )}
        </Group>
        <Facts facts={[
          [<Trans key="every">Runs Every</Trans>, t`${plan.interval_minutes} min`],
          [<Trans key="last">Last Run</Trans>, time(plan.last_run_at, t`Never`)],
          [<Trans key="next">Next Run</Trans>, time(plan.next_run_at, t`At the next check`)],
          [<Trans key="now">A Run Now Would Release</Trans>, t`${plural(plan.waves.length, { one: '# wave', other: '# waves' })}, ${plural(orders, { one: '# order', other: '# orders' })}, ${plural(units, { one: '# unit', other: '# units' })} (of ${plural(plan.candidate_count, { one: '# order', other: '# orders' })} in scope)`],
        ]} />
        {runs && <AutoWaveRunResult runs={runs} />}
        <PlannedWaves plan={plan} />
        <HeldBack plan={plan} />
      </Stack>
    </Paper>
  );
}

export default function WavePlanScreen() {
  const { i18n } = useLingui();
  const route = routeAt(WAVE_PAGES.plan);
  const plans = useQuery(wavePlanQuery());
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Stack gap={2}>
          <Title order={1} fz="h3">{route ? i18n._(route.title) : WAVE_PAGES.plan}</Title>
          <Text size="sm" c="dimmed"><Trans>What each active auto wave rule would release if it ran now. Nothing changes until it runs.</Trans></Text>
        </Stack>
        <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} loading={plans.isFetching} onClick={() => void plans.refetch()}>
          <Trans>Refresh</Trans>
        </Button>
      </Group>
      {plans.isPending && <Loader />}
      {plans.isError && <Alert color="red"><Trans>The plan could not be loaded.</Trans></Alert>}
      {plans.data && plans.data.rules.length === 0 && <NoData />}
      {plans.data?.rules.map((plan) => <RulePlanCard key={plan.rule_id} plan={plan} onRefresh={() => void plans.refetch()} />)}
    </Stack>
  );
}
