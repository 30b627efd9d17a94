import { Anchor, Badge, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { ORDER_ITEM_KIND, ORDER_PRIORITY } from '../../../shared/codes';
import { FLOW_PICK_PAGES } from '../../../shared/contract/flow-pick.contract';
import { WAVE_PAGES } from '../../../shared/contract/wave.contract';
import { waveDetailLink, waveResource } from '../../../shared/resources/wave.resource';
import { FieldValue } from '../../kit/resource/field-value';
import { FactsCard, NoData, Section } from '../../kit/record-parts';
import { pageTitle } from '../../routes/access';
import { useCanOpen } from '../../routes/use-access';
import { outboundQueries } from './outbound.queries';

const W = waveResource.fields;

/**
 * /salesoutbound/flowPick: the flow of flow pick for a supervisor (docs/outbound.md "Flow pick") —
 * whether it is on and how it is set (linking the setting), per zone the orders it would take now,
 * its open and ongoing tasks and the pickers with a flow skill there, and today's flow waves
 * (warehouse clock), each opening its wave. Refreshed every 30 seconds.
 */
export default function FlowPickScreen() {
  const { t, i18n } = useLingui();
  const overview = useQuery(outboundQueries.flowPickOverview());
  const canOpenSetting = useCanOpen(FLOW_PICK_PAGES.setting);
  const canOpenWave = useCanOpen(WAVE_PAGES.logDetail);
  const title = pageTitle(FLOW_PICK_PAGES.screen);
  const heading = <Title order={1} fz="h2">{title ? i18n._(title) : FLOW_PICK_PAGES.screen}</Title>;
  if (!overview.data) return <Stack gap="md">{heading}<Loader size="sm" /></Stack>;
  const { setting, zones, waves } = overview.data;
  const settingTitle = pageTitle(FLOW_PICK_PAGES.setting);
  const settingLabel = settingTitle ? i18n._(settingTitle) : FLOW_PICK_PAGES.setting;
  return (
    <Stack gap="md" maw={1280}>
      {heading}
      <FactsCard
        testId="flow-pick-status"
        facts={[
          [<Trans>Flow pick</Trans>, (
            <Group gap="sm">
              {setting.enabled ? <Badge color="green" variant="light"><Trans>On</Trans></Badge> : <Badge color="gray" variant="light"><Trans>Off</Trans></Badge>}
              {canOpenSetting && <Anchor component={Link} to={FLOW_PICK_PAGES.setting} size="sm">{settingLabel}</Anchor>}
            </Group>
          )],
          [<Trans>Zones</Trans>, setting.zone_ids.length === 0 ? t`Every zone` : setting.zone_ids.join(', ')],
          [<Trans>Most orders per flow task</Trans>, setting.max_orders],
          [<Trans>Most units per flow task</Trans>, setting.max_units ?? setting.default_max_units],
          [<Trans>Orders taken</Trans>, i18n._(ORDER_ITEM_KIND.label(setting.item_kind)!)],
          [<Trans>Lowest priority taken</Trans>, setting.min_priority === ORDER_PRIORITY.values.NORMAL ? t`Normal and Priority` : t`Priority only`],
        ]}
      />
      <Section title={<Trans>Zones</Trans>} testId="flow-pick-zones">
        {zones.length === 0 ? <NoData /> : (
          <Table.ScrollContainer minWidth={900}>
            <Table striped aria-label={t`Zones`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th><Trans>Zone ID</Trans></Table.Th>
                  <Table.Th ta="right"><Trans>Orders waiting</Trans></Table.Th>
                  <Table.Th ta="right"><Trans>Units waiting</Trans></Table.Th>
                  <Table.Th ta="right"><Trans>Open flow tasks</Trans></Table.Th>
                  <Table.Th ta="right"><Trans>Flow tasks under way</Trans></Table.Th>
                  <Table.Th><Trans>Flow pickers</Trans></Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {zones.map((zone) => (
                  <Table.Tr key={zone.zone_id} data-zone={zone.zone_id}>
                    <Table.Td>
                      <Group gap="xs">
                        <span>{zone.zone_id}</span>
                        {!zone.in_setting && <Badge color="gray" variant="outline" size="sm"><Trans>Not in the setting</Trans></Badge>}
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right">{zone.waiting_orders}</Table.Td>
                    <Table.Td ta="right">{zone.waiting_units}</Table.Td>
                    <Table.Td ta="right">{zone.pending_tasks}</Table.Td>
                    <Table.Td ta="right">{zone.ongoing_tasks}</Table.Td>
                    <Table.Td>
                      {zone.pickers.length === 0
                        ? <Text size="sm" c="orange.8"><Trans>Nobody</Trans></Text>
                        : zone.pickers.map((p) => p.name).join(', ')}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>
      <Section title={<Trans>Today's flow waves</Trans>} testId="flow-pick-waves">
        {waves.length === 0 ? <NoData /> : (
          <Table.ScrollContainer minWidth={900}>
            <Table striped aria-label={t`Today's flow waves`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{i18n._(W.wave_no.label)}</Table.Th>
                  <Table.Th>{i18n._(W.status.label)}</Table.Th>
                  <Table.Th>{i18n._(W.picking_type.label)}</Table.Th>
                  <Table.Th ta="right">{i18n._(W.order_count.label)}</Table.Th>
                  <Table.Th ta="right">{i18n._(W.unit_count.label)}</Table.Th>
                  <Table.Th ta="right"><Trans>Tasks</Trans></Table.Th>
                  <Table.Th>{i18n._(W.created_at.label)}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {waves.map((wave) => (
                  <Table.Tr key={wave.wave_no}>
                    <Table.Td>
                      {canOpenWave
                        ? <Anchor component={Link} to={waveDetailLink(wave.wave_no, wave.is_manual)}>{wave.wave_no}</Anchor>
                        : wave.wave_no}
                    </Table.Td>
                    <Table.Td><FieldValue field={W.status} value={wave.status} /></Table.Td>
                    <Table.Td><FieldValue field={W.picking_type} value={wave.picking_type} /></Table.Td>
                    <Table.Td ta="right">{wave.order_count}</Table.Td>
                    <Table.Td ta="right">{wave.unit_count}</Table.Td>
                    <Table.Td ta="right">{wave.task_count}</Table.Td>
                    <Table.Td><FieldValue field={W.created_at} value={wave.created_at} /></Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>
    </Stack>
  );
}
