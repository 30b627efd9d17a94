import { useMemo, useState } from 'react';
import {
  ActionIcon, Alert, Badge, Button, Checkbox, Collapse, Group, Pagination, Paper, Radio, SegmentedControl, Select, SimpleGrid, Stack, Table, Text,
  TextInput, Textarea, Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconChevronDown, IconChevronRight, IconSearch } from '@tabler/icons-react';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { CYCLE_COUNT_KIND, CYCLE_COUNT_ORDER_TYPE, CYCLE_COUNT_SCOPE, type CodeList } from '../../../shared/codes';
import { contract, type InputOf, type OutputOf } from '../../../shared/contract';
import { CC_LIST_MAX, CC_PAGES } from '../../../shared/contract/cycle-count.contract';
import { groupNumber } from '../../../shared/format';
import { RET } from '../../../shared/retcodes';
import { callApi, isApiError } from '../../kit/api';
import { NoData } from '../../kit/record-parts';
import { DatesLocale } from '../../kit/resource/dates-locale';
import { base64Of, FILE_RETCODES } from '../../kit/sheet-upload';
import { toast } from '../../kit/toast';
import {
  EMPTY_SELECTION, createInputOf, formProblems, parkPartly, parkTicked, parseCodes, takesCriterion, togglePark, togglePathway, toggleZone,
  parksOf, type CcCreateForm, type FormProblem, type TreePark, type TreeSelection,
} from './cycle-count-form';
import { ccQueries } from './cycle-count.queries';

type Kind = CcCreateForm['kind'];
type Tree = readonly TreePark[];
type Imported = OutputOf<typeof contract.searchImportDataTask>;
type SearchInput = InputOf<typeof contract.locationCcSearchLocation>;

const K = CYCLE_COUNT_KIND.values;
const PAGE_SIZE = 50;
/** The candidate and total calls of each kind (spec §7). */
const SEARCH_OF_KIND = {
  [K.SKU]: { list: contract.skuCcSearchSku, totals: contract.skuCcSearchConfirm },
  [K.LOCATION]: { list: contract.locationCcSearchLocation, totals: contract.locationCcSearchConfirm },
  [K.MOVEMENT]: { list: contract.movementCcSearchSku, totals: contract.movementCcSearchConfirm },
} as const;
/** Refusals of the criteria shown on the page beside them, not as a popup (spec §8). */
const CRITERIA_RETCODES = [RET.CC_CRITERIA_INVALID, RET.CC_NOTHING_TO_COUNT, RET.CC_OVER_LIMIT];

/** The parks, zones and pathways of the warehouse, each with a box; a zone opens to its pathways. */
function ParkZoneTree({ tree, cells, selection, onChange }: {
  tree: Tree; cells: ReadonlyMap<string, number>; selection: TreeSelection; onChange(next: TreeSelection): void;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const flip = (zoneId: string) => {
    const next = new Set(open);
    if (next.has(zoneId)) next.delete(zoneId); else next.add(zoneId);
    setOpen(next);
  };
  if (tree.length === 0) return <NoData />;
  return (
    <Stack gap={6} data-testid="cc-zone-tree" mah={360} style={{ overflowY: 'auto' }}>
      {tree.map((park) => (
        <Stack key={park.park_id} gap={4}>
          <Checkbox
            label={<Text size="sm" fw={600}>{park.park_name || park.park_id}</Text>}
            checked={parkTicked(park, selection)} indeterminate={parkPartly(park, selection)}
            onChange={(e) => onChange(togglePark(park, selection, e.currentTarget.checked))}
          />
          {park.zones.map((zone) => {
            const partly = !selection.zones.has(zone.zone_id) && zone.pathways.some((p) => selection.pathways.has(p));
            return (
              <Stack key={zone.zone_id} gap={4} pl="lg">
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant="subtle" size="sm" aria-label={t`Pathways of ${zone.zone_id}`} onClick={() => flip(zone.zone_id)} disabled={zone.pathways.length === 0}>
                    {open.has(zone.zone_id) ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />}
                  </ActionIcon>
                  <Checkbox
                    label={zone.zone_name && zone.zone_name !== zone.zone_id ? `${zone.zone_id} ${zone.zone_name}` : zone.zone_id}
                    checked={selection.zones.has(zone.zone_id)} indeterminate={partly}
                    onChange={(e) => onChange(toggleZone(zone, selection, e.currentTarget.checked))}
                    data-testid={`cc-zone-${zone.zone_id}`}
                  />
                </Group>
                <Collapse expanded={open.has(zone.zone_id)}>
                  <Group gap="sm" pl={52}>
                    {zone.pathways.map((pathway) => (
                      <Checkbox
                        key={pathway} size="xs"
                        label={cells.has(pathway) ? t`${pathway} (${cells.get(pathway)} cells)` : pathway}
                        checked={selection.zones.has(zone.zone_id) || selection.pathways.has(pathway)}
                        onChange={(e) => onChange(togglePathway(zone, pathway, selection, e.currentTarget.checked))}
                      />
                    ))}
                  </Group>
                </Collapse>
              </Stack>
            );
          })}
        </Stack>
      ))}
    </Stack>
  );
}

/** An imported list (.xlsx or .csv: Location, SKU ID) checked by the server: its usable lines and the rows it refused. */
function ImportList({ imported, onImported }: { imported: Imported | null; onImported(next: Imported | null): void }) {
  const { t } = useLingui();
  const upload = useMutation({
    mutationFn: async (file: File) => callApi(contract.searchImportDataTask, { file_name: file.name, content_base64: await base64Of(file) }, { noErrorCodes: FILE_RETCODES }),
    onSuccess: onImported,
  });
  const refusal = upload.error && isApiError(upload.error) && FILE_RETCODES.includes(upload.error.retcode as never) ? upload.error.message : null;
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm">
        <Stack gap={2}>
          <Text size="sm" fw={500}><Trans>Import a list</Trans></Text>
          <Text size="xs" c="dimmed"><Trans>An .xlsx or .csv file with the columns Location and SKU ID (SKU ID empty: the whole location), at most {CC_LIST_MAX} rows.</Trans></Text>
        </Stack>
        <Button component="label" variant="light" loading={upload.isPending}>
          <Trans>Choose File</Trans>
          <input
            type="file" hidden accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" data-testid="cc-import-file"
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              e.currentTarget.value = '';
              if (file) upload.mutate(file);
            }}
          />
        </Button>
        {imported && <Button variant="subtle" color="gray" onClick={() => onImported(null)}><Trans>Clear List</Trans></Button>}
      </Group>
      {refusal && <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title={t`The file was not imported`}>{refusal}</Alert>}
      {imported && (
        <Text size="sm" data-testid="cc-import-summary">
          <Trans>{groupNumber(imported.lines.length)} lines will be counted; {groupNumber(imported.refused.length)} rows were refused.</Trans>
        </Text>
      )}
      {imported && imported.refused.length > 0 && (
        <Table.ScrollContainer minWidth={500} mah={220}>
          <Table withTableBorder fz="sm" aria-label={t`Refused rows`} data-testid="cc-import-refused">
            <Table.Thead>
              <Table.Tr><Table.Th>{t`Row`}</Table.Th><Table.Th>{t`Location`}</Table.Th><Table.Th>{t`SKU ID`}</Table.Th><Table.Th>{t`Reason`}</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {imported.refused.map((row) => (
                <Table.Tr key={row.row}>
                  <Table.Td>{row.row}</Table.Td><Table.Td>{row.location_id}</Table.Td><Table.Td>{row.sku_id}</Table.Td><Table.Td c="red">{row.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** The supplier of the SKU criteria, found as the user types (sku_cc_search_supplier_fuzzy). */
function SupplierSelect({ value, onChange }: { value: string | null; onChange(next: string | null): void }) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), 300);
  const found = useQuery(ccQueries.suppliers(keyword));
  const data = (found.data?.list ?? []).map((s) => ({ value: s.supplier_id, label: `${s.supplier_id} ${s.supplier_name}` }));
  if (value && !data.some((d) => d.value === value)) data.unshift({ value, label: value });
  return (
    <Select
      label={t`Supplier`} placeholder={t`Type to search`} searchable clearable value={value} onChange={onChange}
      searchValue={search} onSearchChange={setSearch} data={data} filter={({ options }) => options}
      nothingFoundMessage={found.isFetching ? t`Searching…` : t`No supplier found`} comboboxProps={{ withinPortal: true }}
    />
  );
}

/** The totals and candidate calls of a search (the create page and its results read the same). */
const totalsQuery = (searched: SearchInput | null) => queryOptions({
  queryKey: ['cycleCount', 'searchTotals', searched],
  queryFn: ({ signal }) => callApi(SEARCH_OF_KIND[searched!.kind].totals, searched!, { signal, noErrorCodes: CRITERIA_RETCODES }),
  enabled: searched !== null,
  retry: false,
});
const candidatesQuery = (searched: SearchInput | null, pageNo: number) => queryOptions({
  queryKey: ['cycleCount', 'searchLines', searched, pageNo],
  queryFn: ({ signal }) => callApi(SEARCH_OF_KIND[searched!.kind].list, { ...searched!, page_no: pageNo, page_size: PAGE_SIZE }, { signal, noErrorCodes: CRITERIA_RETCODES }),
  enabled: searched !== null,
  retry: false,
});

/** What a search found: its totals against the limit config, and its lines a page at a time. */
function SearchResults({ searched, pageNo, onPage }: { searched: SearchInput; pageNo: number; onPage(page: number): void }) {
  const { t } = useLingui();
  const totals = useQuery(totalsQuery(searched));
  const candidates = useQuery(candidatesQuery(searched, pageNo));
  const over = totals.data && !totals.data.within_limit;
  return (
    <>
      {totals.data && (
        <Paper withBorder p="md" radius="md" data-testid="cc-totals">
          <Group gap="xl">
            <Text size="sm"><Trans>Locations: {groupNumber(totals.data.location_count)} of at most {groupNumber(totals.data.max_locations)}</Trans></Text>
            <Text size="sm"><Trans>SKUs: {groupNumber(totals.data.sku_count)} of at most {groupNumber(totals.data.max_skus)}</Trans></Text>
            <Text size="sm"><Trans>Lines: {groupNumber(totals.data.line_count)}</Trans></Text>
            {over
              ? <Badge color="red" variant="light"><Trans>Over the limit</Trans></Badge>
              : <Badge color="teal" variant="light"><Trans>Within the limit</Trans></Badge>}
          </Group>
          {over && (
            <Text size="sm" c="red" mt="xs" data-testid="cc-over-limit">
              <Trans>
                This order would count {groupNumber(totals.data.location_count)} locations and {groupNumber(totals.data.sku_count)} SKUs; one order may count at
                most {groupNumber(totals.data.max_locations)} locations and {groupNumber(totals.data.max_skus)} SKUs (Rule Center › Cycle Count Config). Narrow the criteria or split the order.
              </Trans>
            </Text>
          )}
        </Paper>
      )}

      {candidates.data && (
        <Stack gap="xs">
          <Table.ScrollContainer minWidth={760}>
            <Table striped aria-label={t`Lines to count`} data-testid="cc-candidates">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t`Location`}</Table.Th><Table.Th>{t`Zone`}</Table.Th><Table.Th>{t`Pathway`}</Table.Th>
                  <Table.Th>{t`SKU ID`}</Table.Th><Table.Th>{t`SKU Name`}</Table.Th><Table.Th ta="right">{t`On Hand`}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {candidates.data.list.map((line) => (
                  <Table.Tr key={`${line.location_id}/${line.sku_id}`}>
                    <Table.Td>{line.location_id}</Table.Td><Table.Td>{line.zone_id}</Table.Td><Table.Td>{line.pathway_id}</Table.Td>
                    <Table.Td>{line.sku_id}</Table.Td><Table.Td>{line.sku_name}</Table.Td><Table.Td ta="right">{groupNumber(line.onhand_qty)}</Table.Td>
                  </Table.Tr>
                ))}
                {candidates.data.list.length === 0 && <Table.Tr><Table.Td colSpan={6}><NoData /></Table.Td></Table.Tr>}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between">
            <Text size="sm" c="dimmed"><Trans>{groupNumber(candidates.data.total)} lines</Trans></Text>
            <Pagination total={Math.max(1, Math.ceil(candidates.data.total / PAGE_SIZE))} value={pageNo} onChange={onPage} size="sm" />
          </Group>
        </Stack>
      )}
    </>
  );
}

/** What each problem of the form says. */
function useProblemText() {
  const { t } = useLingui();
  return (problem: FormProblem): string => ({
    movedSinceMissing: t`Choose the day since which movements are counted.`,
    rangeHalf: t`Give both ends of the location range, or neither.`,
    tooManySkus: t`At most ${CC_LIST_MAX} SKUs can be typed: import a list instead.`,
    nothingChosen: t`Choose at least one criterion of a customized order.`,
  })[problem];
}

/**
 * Create Cycle Count Order (spec §2 /inventorymanage/cc/ccorder/create): the order type, kind and
 * scope; a customized order's criteria (the park/zone/pathway tree, a location range, SKUs, a
 * supplier, movements since a day, an imported list). Search shows what it would count, a page at a
 * time, and its totals against the limit config; Create makes it and opens it.
 */
export default function CycleCountCreateScreen() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const router = useRouter();
  const problemText = useProblemText();
  const [form, setForm] = useState<CcCreateForm>({
    order_type: CYCLE_COUNT_ORDER_TYPE.values.EXPRESS, kind: K.LOCATION, scope: CYCLE_COUNT_SCOPE.values.CUSTOMIZED, selection: EMPTY_SELECTION,
    location_from: '', location_to: '', skus_text: '', supplier_id: null, moved_since: null, lines: [], remark: '',
  });
  const [imported, setImported] = useState<Imported | null>(null);
  const [searched, setSearched] = useState<SearchInput | null>(null);
  const [pageNo, setPageNo] = useState(1);
  const set = (patch: Partial<CcCreateForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setSearched(null);
  };
  const tree = useQuery(ccQueries.parkZoneTree());
  const pathways = useQuery({ ...ccQueries.pathways(), enabled: takesCriterion(form.kind, form.scope, 'tree') });
  const parks: TreePark[] = useMemo(() => parksOf(tree.data?.list ?? [], pathways.data?.list ?? []), [tree.data, pathways.data]);
  const cells = useMemo(() => new Map((pathways.data?.list ?? []).map((p) => [p.pathway_id, p.cell_count])), [pathways.data]);
  const problems = formProblems(form, parks);
  const input = createInputOf(form, parks);
  const takes = (name: Parameters<typeof takesCriterion>[2]) => takesCriterion(form.kind, form.scope, name);
  const codeOptions = (codes: CodeList) => codes.options.map((o) => ({ value: String(o.value), label: i18n._(o.label) }));

  const create = useMutation({
    // -285029 (spec §8: tolerated): some locations are in another open count; the page offers to make the order without them.
    mutationFn: (skipOpen: boolean) => callApi(contract.createCcOrder, { ...input, skip_open: skipOpen }, { noErrorCodes: [...CRITERIA_RETCODES, RET.CC_LINES_SKIPPED] }),
    onSuccess: (made) => {
      toast.success(t`Created`);
      // The order's page says how many lines were left out, where it stays in view.
      void navigate({ to: CC_PAGES.orderView, search: (made.skipped > 0 ? { order_no: made.order_no, skipped: made.skipped } : { order_no: made.order_no }) as never });
    },
  });
  const overlap = isApiError(create.error, RET.CC_LINES_SKIPPED) ? (create.error.data as { skipped?: number } | null)?.skipped ?? 0 : 0;
  const totals = useQuery(totalsQuery(searched));
  const candidates = useQuery(candidatesQuery(searched, pageNo));
  const refusalOf = (error: unknown) => (isApiError(error) && CRITERIA_RETCODES.includes(error.retcode as never) ? error.message : null);
  const refusal = refusalOf(create.error) ?? refusalOf(totals.error) ?? refusalOf(candidates.error);
  const over = totals.data && !totals.data.within_limit;

  return (
    <Stack gap="lg" maw={1280}>
      <Title order={1} fz="h2"><Trans>Create Cycle Count Order</Trans></Title>
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          <Stack gap={4}>
            <Text size="sm" fw={500}><Trans>Order Type</Trans></Text>
            <SegmentedControl data={codeOptions(CYCLE_COUNT_ORDER_TYPE)} value={String(form.order_type)} onChange={(v) => set({ order_type: Number(v) as CcCreateForm['order_type'] })} />
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={500}><Trans>Count Kind</Trans></Text>
            <SegmentedControl data={codeOptions(CYCLE_COUNT_KIND)} value={String(form.kind)} onChange={(v) => set({ kind: Number(v) as Kind })} data-testid="cc-kind" />
          </Stack>
          <Radio.Group label={t`Scope`} value={String(form.scope)} onChange={(v) => set({ scope: Number(v) as CcCreateForm['scope'] })}>
            <Group gap="md" mt={6}>
              {codeOptions(CYCLE_COUNT_SCOPE).map((o) => <Radio key={o.value} value={o.value} label={o.label} />)}
            </Group>
          </Radio.Group>
        </SimpleGrid>
      </Paper>

      {(form.scope === CYCLE_COUNT_SCOPE.values.CUSTOMIZED || takes('movedSince')) && (
        <Paper withBorder p="md" radius="md" component="section" aria-label={t`Criteria`}>
          <Stack gap="md">
            <Title order={2} fz="h4"><Trans>Criteria</Trans></Title>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              {takes('tree') && (
                <Stack gap={4}>
                  <Text size="sm" fw={500}><Trans>Parks, zones and pathways</Trans></Text>
                  {tree.data && pathways.data ? <ParkZoneTree tree={parks} cells={cells} selection={form.selection} onChange={(selection) => set({ selection })} /> : <Text size="sm" c="dimmed"><Trans>Loading…</Trans></Text>}
                </Stack>
              )}
              <Stack gap="sm">
                {takes('movedSince') && (
                  <DatesLocale enabled>
                    <DatePickerInput
                      label={t`Moved Since`} required valueFormat="YYYY-MM-DD" value={form.moved_since} onChange={(v) => set({ moved_since: v })}
                      maxDate={new Date()} popoverProps={{ withinPortal: true }} clearable data-testid="cc-moved-since"
                    />
                  </DatesLocale>
                )}
                {takes('locationRange') && (
                  <Group grow gap="sm">
                    <TextInput label={t`Location From`} value={form.location_from} maxLength={64} onChange={(e) => set({ location_from: e.currentTarget.value })} />
                    <TextInput label={t`Location To`} value={form.location_to} maxLength={64} onChange={(e) => set({ location_to: e.currentTarget.value })} />
                  </Group>
                )}
                {takes('skus') && (
                  <Textarea
                    label={t`SKU IDs`} description={t`One per line, or separated by commas (${groupNumber(parseCodes(form.skus_text).length)} entered)`}
                    autosize minRows={3} maxRows={8} value={form.skus_text} onChange={(e) => set({ skus_text: e.currentTarget.value })}
                  />
                )}
                {takes('supplier') && <SupplierSelect value={form.supplier_id} onChange={(supplier_id) => set({ supplier_id })} />}
                {takes('importList') && (
                  <ImportList imported={imported} onImported={(next) => { setImported(next); set({ lines: next?.lines ?? [] }); }} />
                )}
              </Stack>
            </SimpleGrid>
          </Stack>
        </Paper>
      )}

      <Textarea label={t`Remark`} maxLength={500} autosize minRows={1} value={form.remark} onChange={(e) => setForm({ ...form, remark: e.currentTarget.value })} />

      {problems.length > 0 && (
        <Stack gap={2} data-testid="cc-form-problems">
          {problems.map((p) => <Text key={p} size="sm" c="dimmed">{problemText(p)}</Text>)}
        </Stack>
      )}
      {overlap > 0 && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="cc-overlap">
          <Stack gap="xs" align="flex-start">
            <Text size="sm"><Trans>{groupNumber(overlap)} lines are at locations already in another open count.</Trans></Text>
            <Button size="xs" variant="light" loading={create.isPending} onClick={() => create.mutate(true)} data-testid="cc-create-skip">
              <Trans>Create without them</Trans>
            </Button>
          </Stack>
        </Alert>
      )}
      {refusal && (
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title={t`The order cannot be made with these criteria`} data-testid="cc-refusal">
          {refusal}
        </Alert>
      )}

      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => router.history.back()}><Trans context="button">Cancel</Trans></Button>
        <Button
          variant="light" leftSection={<IconSearch size={16} aria-hidden />} disabled={problems.length > 0} data-testid="cc-search"
          onClick={() => {
            create.reset();
            setPageNo(1);
            setSearched({ kind: input.kind, order_type: input.order_type, scope: input.scope, criteria: input.criteria, page_no: 1, page_size: PAGE_SIZE });
          }}
        >
          <Trans>Search</Trans>
        </Button>
        <Button disabled={problems.length > 0 || Boolean(over)} loading={create.isPending} onClick={() => create.mutate(false)} data-testid="cc-create">
          <Trans>Create</Trans>
        </Button>
      </Group>

      {searched && <SearchResults searched={searched} pageNo={pageNo} onPage={setPageNo} />}
    </Stack>
  );
}
