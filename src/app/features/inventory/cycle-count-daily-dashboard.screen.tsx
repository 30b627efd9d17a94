import { useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconInfoCircle, IconPlayerPlay } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract, type OutputOf } from '../../../shared/contract';
import { CC_ACCESS, CC_PAGES } from '../../../shared/contract/cycle-count.contract';
import { groupNumber } from '../../../shared/format';
import { RET } from '../../../shared/retcodes';
import { callApi, isApiError } from '../../kit/api';
import { useMayCall } from '../../kit/permitted';
import { NoData, Section } from '../../kit/record-parts';
import { DatesLocale } from '../../kit/resource/dates-locale';
import { toast } from '../../kit/toast';
import { useCanOpen } from '../../routes/use-access';
import { accuracyText, lastDays } from './cycle-count-form';
import { ccQueries } from './cycle-count.queries';

type Trend = OutputOf<typeof contract.getDailyCcDashboard>['trend'];

const FREQUENCY_PAGE = '/rulecenter/cycleCountFrequency';
const CHART_HEIGHT = 180;

/**
 * The daily trend: planned and counted locations as bars per day, accuracy as a line (right scale,
 * 0–100 %). Drawn as SVG: the codebase has no chart library and this one chart does not warrant one.
 */
function TrendChart({ trend }: { trend: Trend }) {
  const { t } = useLingui();
  if (trend.length === 0) return <NoData />;
  const max = Math.max(1, ...trend.map((d) => Math.max(d.planned, d.counted)));
  const slot = 56;
  const width = trend.length * slot + 40;
  const y = (value: number) => CHART_HEIGHT - (value / max) * CHART_HEIGHT;
  const accuracy = trend.map((d, i) => (d.accuracy === null ? null : [i * slot + 20 + slot / 2, CHART_HEIGHT - d.accuracy * CHART_HEIGHT] as const));
  const path = accuracy.filter((p) => p !== null).map((p, i) => `${i === 0 ? 'M' : 'L'}${p[0]},${p[1]}`).join(' ');
  return (
    <Stack gap={4}>
      <Group gap="md">
        <Group gap={4}><svg width={12} height={12} aria-hidden><rect width={12} height={12} fill="var(--mantine-color-gray-4)" /></svg><Text size="xs"><Trans>Planned</Trans></Text></Group>
        <Group gap={4}><svg width={12} height={12} aria-hidden><rect width={12} height={12} fill="var(--mantine-color-blue-6)" /></svg><Text size="xs"><Trans>Counted</Trans></Text></Group>
        <Group gap={4}><svg width={12} height={12} aria-hidden><line x1={0} y1={6} x2={12} y2={6} stroke="var(--mantine-color-teal-6)" strokeWidth={2} /></svg><Text size="xs"><Trans>Accuracy</Trans></Text></Group>
      </Group>
      <div style={{ overflowX: 'auto' }}>
        <svg width={width} height={CHART_HEIGHT + 36} role="img" aria-label={t`Daily trend`} data-testid="cc-trend-chart">
          {trend.map((d, i) => {
            const x = i * slot + 20;
            return (
              <g key={d.day}>
                <rect x={x + 8} y={y(d.planned)} width={18} height={CHART_HEIGHT - y(d.planned)} fill="var(--mantine-color-gray-4)">
                  <title>{t`${d.day}: planned ${d.planned}`}</title>
                </rect>
                <rect x={x + 28} y={y(d.counted)} width={18} height={CHART_HEIGHT - y(d.counted)} fill="var(--mantine-color-blue-6)">
                  <title>{t`${d.day}: counted ${d.counted}, accuracy ${accuracyText(d.accuracy)}`}</title>
                </rect>
                <text x={x + slot / 2} y={CHART_HEIGHT + 16} fontSize={10} textAnchor="middle" fill="var(--mantine-color-dimmed)">{d.day.slice(5)}</text>
              </g>
            );
          })}
          <line x1={20} y1={CHART_HEIGHT} x2={width - 20} y2={CHART_HEIGHT} stroke="var(--mantine-color-gray-5)" />
          {path && <path d={path} fill="none" stroke="var(--mantine-color-teal-6)" strokeWidth={2} />}
          {accuracy.map((p, i) => p && <circle key={i} cx={p[0]} cy={p[1]} r={3} fill="var(--mantine-color-teal-6)" />)}
        </svg>
      </div>
    </Stack>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text fz="h2" fw={700}>{value}</Text>
    </Paper>
  );
}

/** The hint of a daily count without a frequency rule (spec §8), linking to the rule where it can be opened. */
function FrequencyHint({ message }: { message: string }) {
  const canOpen = useCanOpen(FREQUENCY_PAGE);
  return (
    <Alert color="yellow" icon={<IconInfoCircle size={18} aria-hidden />} data-testid="cc-frequency-hint">
      <Text size="sm">{message}</Text>
      {canOpen && <Anchor component={Link} to={FREQUENCY_PAGE} size="sm"><Trans>Open Cycle Count Frequency</Trans></Anchor>}
    </Alert>
  );
}

/**
 * Daily Cycle Count (spec §2 /dashboard/locationcyclecount): over the days chosen (the last 7 at
 * first), locations planned vs counted, accuracy, the same by zone and the daily trend; today's daily
 * count can be made now.
 */
export default function CycleCountDailyDashboardScreen() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [range, setRange] = useState<[string | null, string | null]>(() => lastDays(7, new Date()));
  const [from, to] = range[0] && range[1] ? [range[0], range[1]] : lastDays(7, new Date());
  const dashboard = useQuery(ccQueries.dailyDashboard(from, to));
  const mayRun = useMayCall(CC_ACCESS.create);
  const run = useMutation({
    mutationFn: () => callApi(contract.runDailyCc, {}, { noErrorCodes: [RET.CC_CRITERIA_INVALID] }),
    onSuccess: async (made) => {
      toast.success(made.order_no ? t`Daily cycle count ${made.order_no} made with ${made.sku_count} SKUs` : t`Nothing is due today, or today's daily count exists already.`);
      await queryClient.invalidateQueries({ queryKey: ccQueries.all });
    },
  });
  const refusal = isApiError(run.error, RET.CC_CRITERIA_INVALID) ? run.error.message : null;
  const d = dashboard.data;

  return (
    <Stack gap="lg" maw={1400}>
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz="h2"><Trans>Daily Cycle Count</Trans></Title>
        <Group gap="sm" align="flex-end">
          <DatesLocale enabled>
            <DatePickerInput
              type="range" label={t`Dates`} valueFormat="YYYY-MM-DD" value={range} onChange={setRange} w={260} allowSingleDateInRange
              leftSection={<IconCalendar size={16} aria-hidden />} popoverProps={{ withinPortal: true }}
            />
          </DatesLocale>
          {mayRun && (
            <Button leftSection={<IconPlayerPlay size={16} aria-hidden />} loading={run.isPending} onClick={() => run.mutate()} data-testid="cc-run-daily">
              <Trans>Run Today's Daily Count</Trans>
            </Button>
          )}
        </Group>
      </Group>
      {refusal && <FrequencyHint message={refusal} />}
      {!refusal && d && !d.frequency_configured && <FrequencyHint message={t`Please go to Rule Center>Cycle Count Frequency to configure parameters.`} />}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Stat label={t`Locations Planned`} value={d ? groupNumber(d.planned) : '…'} testId="cc-planned" />
        <Stat label={t`Locations Counted`} value={d ? groupNumber(d.counted) : '…'} testId="cc-counted" />
        <Stat label={t`Accuracy`} value={d ? accuracyText(d.accuracy) : '…'} testId="cc-accuracy" />
      </SimpleGrid>
      <Section title={<Trans>Trend</Trans>} testId="cc-trend">{d ? <TrendChart trend={d.trend} /> : <NoData />}</Section>
      <Section title={<Trans>By Zone</Trans>} testId="cc-by-zone">
        <Table striped aria-label={t`By Zone`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`Zone`}</Table.Th><Table.Th ta="right">{t`Planned`}</Table.Th><Table.Th ta="right">{t`Counted`}</Table.Th>
              <Table.Th ta="right">{t`Without Difference`}</Table.Th><Table.Th ta="right">{t`Accuracy`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {d?.by_zone.map((z) => (
              <Table.Tr key={z.zone_id}>
                <Table.Td>{z.zone_id}</Table.Td><Table.Td ta="right">{groupNumber(z.planned)}</Table.Td><Table.Td ta="right">{groupNumber(z.counted)}</Table.Td>
                <Table.Td ta="right">{groupNumber(z.accurate)}</Table.Td><Table.Td ta="right">{accuracyText(z.accuracy)}</Table.Td>
              </Table.Tr>
            ))}
            {d?.by_zone.length === 0 && <Table.Tr><Table.Td colSpan={5}><NoData /></Table.Td></Table.Tr>}
          </Table.Tbody>
        </Table>
      </Section>
      <Text size="sm"><Anchor component={Link} to={CC_PAGES.orders}><Trans>Cycle Count Orders</Trans></Anchor></Text>
    </Stack>
  );
}
