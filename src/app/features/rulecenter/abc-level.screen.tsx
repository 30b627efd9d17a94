import { useEffect, useRef, useState } from 'react';
import {
  Alert, Badge, Button, Group, Loader, MultiSelect, NumberInput, Pagination, Paper, Progress, SegmentedControl, Select, Stack, Table, Tabs, Text, Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCalculator, IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { ABC_CLASS, EXPORT_TASK_STATUS } from '../../../shared/codes';
import { DEFAULT_PAGE_SIZE, UPPER_BOUND } from '../../../shared/constants';
import { contract } from '../../../shared/contract';
import { ABC_ACCESS, ABC_EXCLUSIONS_MAX, ABC_PAGE, ABC_WINDOW_DAYS, type AbcConfigValues, type AbcRunRow } from '../../../shared/contract/abc.contract';
import type { FieldDef } from '../../../shared/resources/define';
import { ABC_BASIS } from '../../../shared/resources/abc.resource';
import { callApi } from '../../kit/api';
import { FieldValue } from '../../kit/resource/field-value';
import { toast } from '../../kit/toast';
import { useSession } from '../../kit/use-session';
import { pageTitle } from '../../routes/access';
import { abcQueries } from './abc.queries';

const AT: FieldDef = { kind: 'time', label: /*i18n*/ 'Time', readOnly: true };
const STATUS = EXPORT_TASK_STATUS.values;
const STATUS_COLOR: Record<number, string> = { [STATUS.PENDING]: 'gray', [STATUS.ONGOING]: 'blue', [STATUS.DONE]: 'green', [STATUS.FAIL]: 'red' };

type Form = Omit<AbcConfigValues, 'a_max_pct' | 'b_max_pct' | 'sa_top_n'> & { a_max_pct: number | string; b_max_pct: number | string; sa_top_n: number | string };

const Time = ({ at }: { at: number | null }) => (at === null ? <>-</> : <FieldValue field={AT} value={at} />);

/** The L1 categories whose SKUs the calculation leaves out, picked from the warehouse's category tree as their names are typed. */
function ExclusionPicker({ value, onChange, disabled }: { value: string[]; onChange: (value: string[]) => void; disabled: boolean }) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [prefix] = useDebouncedValue(search.trim(), 300);
  const found = useQuery(abcQueries.categories(prefix));
  const data = [...new Set([...value, ...(found.data?.list.map((c) => c.category_name) ?? [])])];
  return (
    <MultiSelect
      label={t`Excluded L1 categories`} description={t`Their SKUs are classed Excluded.`} placeholder={value.length === 0 ? t`None` : undefined}
      data={data} value={value} onChange={onChange} searchable searchValue={search} onSearchChange={setSearch} clearable
      maxValues={ABC_EXCLUSIONS_MAX} disabled={disabled} nothingFoundMessage={t`No L1 category starts so`} data-testid="abc-exclusions"
    />
  );
}

/** The settings form: basis, window, cumulative share thresholds, SA, exclusions; saved with the page's Edit permission. */
function SettingsForm({ canEdit }: { canEdit: boolean }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const config = useQuery(abcQueries.config());
  const [form, setForm] = useState<Form | null>(null);
  useEffect(() => {
    if (config.data) setForm(config.data);
  }, [config.data]);
  const save = useMutation({
    mutationFn: (f: Form) => callApi(contract.updateNewAbcConfig, {
      basis: f.basis, window_days: f.window_days, a_max_pct: Number(f.a_max_pct), b_max_pct: Number(f.b_max_pct), sa_top_n: Number(f.sa_top_n),
      excluded_categories: f.excluded_categories,
    }),
    onSuccess: (saved) => {
      toast.success(t`Saved`);
      queryClient.setQueryData(abcQueries.config().queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: ['abc', 'log'] });
    },
  });
  if (!config.data || !form) return <Loader size="sm" />;
  const set = (change: Partial<Form>) => setForm({ ...form, ...change });
  const pctOk = (v: number | string) => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 100;
  const aOk = pctOk(form.a_max_pct);
  const bOk = pctOk(form.b_max_pct) && (!aOk || Number(form.b_max_pct) > Number(form.a_max_pct));
  const saOk = typeof form.sa_top_n === 'number' && form.sa_top_n >= 0 && form.sa_top_n <= UPPER_BOUND;
  const a = Number(form.a_max_pct);
  const b = Number(form.b_max_pct);
  const updatedBy = config.data.updated_by ?? '';
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md" data-testid="abc-settings">
        <Title order={2} fz="h4"><Trans>Settings</Trans></Title>
        <Stack gap={4}>
          <Text size="sm" fw={500}><Trans>Rank SKUs by</Trans></Text>
          <SegmentedControl
            value={String(form.basis)} disabled={!canEdit} maw={420} data-testid="abc-basis"
            data={ABC_BASIS.options.map((o) => ({ value: String(o.value), label: i18n._(o.label) }))}
            onChange={(v) => set({ basis: Number(v) as Form['basis'] })}
          />
          <Text size="xs" c="dimmed">
            {form.basis === ABC_BASIS.values.PICKS
              ? t`Units picked out of cells over the window.`
              : t`Units shipped over the window × the SKU's unit value (a SKU without a unit value counts 0).`}
          </Text>
        </Stack>
        <Group grow align="flex-start">
          <Select
            label={t`Window`} allowDeselect={false} disabled={!canEdit} value={String(form.window_days)}
            data={ABC_WINDOW_DAYS.map((d) => ({ value: String(d), label: t`Last ${d} days` }))}
            onChange={(v) => v && set({ window_days: Number(v) as Form['window_days'] })}
          />
          <NumberInput
            label={t`SA: the top SKUs`} description={t`0: no SA class`} min={0} max={UPPER_BOUND} allowDecimal={false} allowNegative={false} disabled={!canEdit}
            value={form.sa_top_n} onChange={(sa_top_n) => set({ sa_top_n })} error={saOk ? null : t`From 0 to ${UPPER_BOUND}`}
          />
        </Group>
        <Group grow align="flex-start">
          <NumberInput
            label={t`A: cumulative share up to (%)`} min={1} max={100} allowDecimal={false} allowNegative={false} disabled={!canEdit} required
            value={form.a_max_pct} onChange={(a_max_pct) => set({ a_max_pct })} error={aOk ? null : t`From 1 to 100`} data-testid="abc-a-max"
          />
          <NumberInput
            label={t`B: cumulative share up to (%)`} min={1} max={100} allowDecimal={false} allowNegative={false} disabled={!canEdit} required
            value={form.b_max_pct} onChange={(b_max_pct) => set({ b_max_pct })} error={bOk ? null : t`Above A's share, up to 100`} data-testid="abc-b-max"
          />
        </Group>
        {aOk && bOk && (
          <Text size="sm" c="dimmed" data-testid="abc-explained">
            {t`The SKUs making the first ${a}% of the measure are A, those up to ${b}% B, the rest C; SKUs without any measure are C.`}
          </Text>
        )}
        <ExclusionPicker value={form.excluded_categories} onChange={(excluded_categories) => set({ excluded_categories })} disabled={!canEdit} />
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {config.data.is_default === 1 ? <Trans>Defaults: not saved for this warehouse yet.</Trans> : (
              <Trans>Last changed by {updatedBy} at <Time at={config.data.updated_at} /></Trans>
            )}
          </Text>
          {canEdit && (
            <Button onClick={() => save.mutate(form)} loading={save.isPending} disabled={!aOk || !bOk || !saOk} data-testid="abc-save">
              <Trans>Save</Trans>
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** A run's status tag. */
function RunStatus({ run }: { run: AbcRunRow }) {
  const { i18n } = useLingui();
  const label = EXPORT_TASK_STATUS.label(run.status);
  return <Badge color={STATUS_COLOR[run.status] ?? 'gray'} variant="light">{label ? i18n._(label) : run.status}</Badge>;
}

/** "Calculate now" and the progress of the run waiting or going on. */
function Calculation({ canRun, running }: { canRun: boolean; running: AbcRunRow | null | undefined }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: () => callApi(contract.runCalculateAbc, {}),
    onSuccess: () => {
      toast.success(t`The calculation is queued.`);
      void queryClient.invalidateQueries({ queryKey: ['abc', 'history'] });
    },
  });
  const wasRunning = useRef(false);
  useEffect(() => {
    // A run just finished: the SKU and location class counts moved.
    if (wasRunning.current && !running) void queryClient.invalidateQueries({ queryKey: ['abc', 'locations'] });
    wasRunning.current = Boolean(running);
  }, [running, queryClient]);
  const taskId = running?.task_id ?? 0;
  const progress = running?.progress ?? 0;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="h4"><Trans>Calculation</Trans></Title>
          {canRun && (
            <Button
              leftSection={<IconCalculator size={16} aria-hidden />} onClick={() => run.mutate()} loading={run.isPending}
              disabled={Boolean(running)} data-testid="abc-run"
            >
              <Trans>Calculate now</Trans>
            </Button>
          )}
        </Group>
        {running ? (
          <Stack gap={4} data-testid="abc-running">
            <Group gap="xs"><RunStatus run={running} /><Text size="sm"><Trans>Run {taskId}: {progress}%</Trans></Text></Group>
            <Progress value={running.progress} animated aria-label={t`Calculation progress`} />
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            <Trans>The calculation ranks this warehouse's SKUs with the saved settings and writes their ABC class; it runs in the background.</Trans>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function Pager({ total, page, onChange }: { total: number; page: number; onChange: (page: number) => void }) {
  const pages = Math.ceil(total / DEFAULT_PAGE_SIZE);
  return pages > 1 ? <Pagination total={pages} value={page} onChange={onChange} size="sm" /> : null;
}

const Counts = ({ run }: { run: AbcRunRow }) => (
  <>
    {[run.sa_count, run.a_count, run.b_count, run.c_count, run.excluded_count].map((n, i) => <Table.Td key={i}>{n ?? '-'}</Table.Td>)}
  </>
);

function History({ page, setPage }: { page: number; setPage: (page: number) => void }) {
  const { t, i18n } = useLingui();
  const history = useQuery(abcQueries.history(page));
  if (!history.data) return <Loader size="sm" />;
  if (history.data.total === 0) return <Text c="dimmed" size="sm"><Trans>No calculation yet</Trans></Text>;
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={980}>
        <Table striped aria-label={t`Calculation history`} data-testid="abc-history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th><Trans>Run</Trans></Table.Th>
              <Table.Th><Trans>Status</Trans></Table.Th>
              <Table.Th><Trans>Asked by</Trans></Table.Th>
              <Table.Th><Trans>Asked at</Trans></Table.Th>
              <Table.Th><Trans>Finished at</Trans></Table.Th>
              <Table.Th><Trans>Basis</Trans></Table.Th>
              <Table.Th><Trans>SKUs</Trans></Table.Th>
              {ABC_CLASS.options.filter((o) => o.value !== ABC_CLASS.values.UNDEFINED).map((o) => <Table.Th key={o.value}>{i18n._(o.label)}</Table.Th>)}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.data.list.map((run) => {
              const basis = ABC_BASIS.label(run.config.basis);
              const days = run.config.window_days;
              return (
                <Table.Tr key={run.task_id}>
                  <Table.Td>{run.task_id}</Table.Td>
                  <Table.Td miw={110}>
                    <RunStatus run={run} />
                    {run.error_message && <Text size="xs" c="red">{run.error_message}</Text>}
                  </Table.Td>
                  <Table.Td>{run.operator}</Table.Td>
                  <Table.Td><Time at={run.created_at} /></Table.Td>
                  <Table.Td><Time at={run.finished_at} /></Table.Td>
                  <Table.Td>{basis ? i18n._(basis) : run.config.basis} · {t`${days} days`}</Table.Td>
                  <Table.Td>{run.sku_count ?? '-'}</Table.Td>
                  <Counts run={run} />
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Pager total={history.data.total} page={page} onChange={setPage} />
    </Stack>
  );
}

/** A setting's value as the log shows it. */
function useSettingText() {
  const { t, i18n } = useLingui();
  const names: Record<keyof AbcConfigValues, string> = {
    basis: t`Basis`, window_days: t`Window`, a_max_pct: t`A up to`, b_max_pct: t`B up to`, sa_top_n: t`SA top SKUs`, excluded_categories: t`Excluded L1 categories`,
  };
  const value = (name: keyof AbcConfigValues, config: AbcConfigValues): string => {
    if (name === 'basis') {
      const label = ABC_BASIS.label(config.basis);
      return label ? i18n._(label) : String(config.basis);
    }
    if (name === 'window_days') {
      const days = config.window_days;
      return t`${days} days`;
    }
    if (name === 'excluded_categories') return config.excluded_categories.length === 0 ? '-' : config.excluded_categories.join(', ');
    if (name === 'sa_top_n') return String(config.sa_top_n);
    return `${config[name]}%`;
  };
  return { names, value };
}

function ChangeLog() {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const log = useQuery(abcQueries.log(page));
  const { names, value } = useSettingText();
  if (!log.data) return <Loader size="sm" />;
  if (log.data.total === 0) return <Text c="dimmed" size="sm"><Trans>No change yet</Trans></Text>;
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={760}>
        <Table striped aria-label={t`Change log`} data-testid="abc-log">
          <Table.Thead>
            <Table.Tr>
              <Table.Th><Trans>Changed at</Trans></Table.Th>
              <Table.Th><Trans>Changed by</Trans></Table.Th>
              <Table.Th><Trans>Setting</Trans></Table.Th>
              <Table.Th><Trans>Before</Trans></Table.Th>
              <Table.Th><Trans>After</Trans></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {log.data.list.flatMap((entry) => entry.changed.map((name, i) => {
              const setting = name as keyof AbcConfigValues;
              return (
                <Table.Tr key={`${entry.log_id}-${name}`}>
                  <Table.Td>{i === 0 && <Time at={entry.created_at} />}</Table.Td>
                  <Table.Td>{i === 0 && entry.operator}</Table.Td>
                  <Table.Td>{names[setting]}</Table.Td>
                  <Table.Td>{value(setting, entry.old_value)}</Table.Td>
                  <Table.Td>{value(setting, entry.new_value)}</Table.Td>
                </Table.Tr>
              );
            }))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Pager total={log.data.total} page={page} onChange={setPage} />
    </Stack>
  );
}

/** Cells per ABC class in each zone, with all the warehouse's cells and SKUs per class below. */
function LocationClasses() {
  const { t, i18n } = useLingui();
  const summary = useQuery(abcQueries.locations());
  if (!summary.data) return <Loader size="sm" />;
  const classes = ['sa_count', 'a_count', 'b_count', 'c_count', 'excluded_count', 'undefined_count'] as const;
  const labels = [ABC_CLASS.values.SA, ABC_CLASS.values.A, ABC_CLASS.values.B, ABC_CLASS.values.C, ABC_CLASS.values.EXCLUDED, ABC_CLASS.values.UNDEFINED]
    .map((c) => i18n._(ABC_CLASS.label(c)!));
  type Counts = Record<(typeof classes)[number] | 'total', number>;
  const cellsOf = (row: Counts) => [...classes.map((c) => <Table.Td key={c}>{row[c]}</Table.Td>), <Table.Td key="total">{row.total}</Table.Td>];
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped aria-label={t`ABC classes of locations and SKUs`} data-testid="abc-locations">
        <Table.Thead>
          <Table.Tr>
            <Table.Th><Trans>Zone</Trans></Table.Th>
            {labels.map((label) => <Table.Th key={label}>{label}</Table.Th>)}
            <Table.Th><Trans>Total</Trans></Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {summary.data.zones.map((zone) => (
            <Table.Tr key={zone.zone_id}>
              <Table.Td>{zone.zone_id} <Text span size="xs" c="dimmed">{zone.zone_name}</Text></Table.Td>
              {cellsOf(zone)}
            </Table.Tr>
          ))}
          <Table.Tr fw={600}><Table.Td><Trans>All cells</Trans></Table.Td>{cellsOf(summary.data.cells)}</Table.Tr>
          <Table.Tr fw={600}><Table.Td><Trans>All SKUs</Trans></Table.Td>{cellsOf(summary.data.skus)}</Table.Tr>
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * /rulecenter/abcLevel (spec §2 Rule Center › ABC Level; docs/inventory-accuracy.md): the
 * warehouse's ABC settings, the calculation with the running one's progress, its history, the
 * settings' change log, and the classes of locations beside those of SKUs.
 */
export default function AbcLevelScreen() {
  const { t, i18n } = useLingui();
  const { perms } = useSession();
  const title = pageTitle(ABC_PAGE);
  const [historyPage, setHistoryPage] = useState(1);
  // The first page always: it carries the run waiting or going on.
  const running = useQuery(abcQueries.history(1)).data?.running;
  return (
    <Stack gap="md" maw={1200}>
      <Title order={1} fz="h2">{title ? i18n._(title) : ABC_PAGE}</Title>
      <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
        <Trans>
          ABC ranks the SKUs by how much they move, so the fast movers are counted and placed first. The daily cycle count counts each class as often as
          Cycle Count Frequency says.
        </Trans>
      </Alert>
      <SettingsForm canEdit={perms.has(ABC_ACCESS.edit)} />
      <Calculation canRun={perms.has(ABC_ACCESS.run)} running={running} />
      <Paper withBorder radius="md" p="md">
        <Tabs defaultValue="history" keepMounted={false}>
          <Tabs.List mb="sm">
            <Tabs.Tab value="history">{t`Calculation history`}</Tabs.Tab>
            <Tabs.Tab value="log">{t`Change log`}</Tabs.Tab>
            <Tabs.Tab value="locations">{t`Locations and SKUs by class`}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="history"><History page={historyPage} setPage={setHistoryPage} /></Tabs.Panel>
          <Tabs.Panel value="log"><ChangeLog /></Tabs.Panel>
          <Tabs.Panel value="locations"><LocationClasses /></Tabs.Panel>
        </Tabs>
      </Paper>
    </Stack>
  );
}
