import { useState } from 'react';
import { Badge, Button, Group, Pagination, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconPrinter, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import type { PrintLogRow } from '../../../shared/contract/print.contract';
import { PRINT_KINDS, type PrintJob, type PrintKind } from '../../../shared/print/print-job';
import { callApi } from '../../kit/api';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { usePrinter } from '../../kit/print';
import { dateRangeToUnix, unixToWallClock } from '../../kit/resource/date-range';
import { useWarehouseTimeZone } from '../../kit/resource/field-value';
import { toast } from '../../kit/toast';
import { PRINT_KIND_LABELS, PrintPage, PrintPreview } from './print-parts';

const PAGE_SIZE = 20;

interface Search {
  ref_no: string;
  kind: PrintKind | null;
  dates: [string, string];
}

/**
 * /wmsconfig/printtool/reprint: the print log of the warehouse (labels and documents printed by
 * the print tool and by packing), searched by reference number, kind and date, and any logged job
 * printed again exactly as it was at the current station. Each reprint is logged too.
 */
export default function ReprintScreen() {
  const { t, i18n } = useLingui();
  const timeZone = useWarehouseTimeZone();
  const { print, stationId } = usePrinter();
  const mayReprint = useMayCall(contract.reprintPrintJob.access);
  const [draft, setDraft] = useState<Search>({ ref_no: '', kind: null, dates: ['', ''] });
  const [search, setSearch] = useState<Search>(draft);
  const [page, setPage] = useState(1);
  const [last, setLast] = useState<PrintJob | null>(null);

  const [from, to] = dateRangeToUnix('dateRange', search.dates, timeZone);
  const log = useQuery({
    queryKey: ['print', 'log', search, page, timeZone],
    queryFn: ({ signal }) => callApi(contract.searchPrintJob, {
      ref_no: search.ref_no.trim() || undefined, kind: search.kind ?? undefined,
      created_from: from ?? undefined, created_to: to ?? undefined, page_no: page, page_size: PAGE_SIZE,
    }, { signal }),
    placeholderData: keepPreviousData,
  });

  const reprint = useMutation({
    mutationFn: (row: PrintLogRow) => callApi(contract.reprintPrintJob, { job_id: row.job_id, station_id: stationId || null }),
    onSuccess: async ({ job }) => {
      setLast(job);
      const result = await print(job);
      if (result.retcode === 0) toast.success(t`Sent to the printer again`);
      void log.refetch();
    },
  });

  const apply = () => {
    setSearch(draft);
    setPage(1);
  };
  const total = log.data?.total ?? 0;

  return (
    <PrintPage
      title={<Trans>Reprint</Trans>}
      intro={<Trans>Every label and document printed in this warehouse is logged. Find one by its order, tracking, parcel or code number and print it again exactly as it was.</Trans>}
    >
      <Paper withBorder radius="md" p="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t`Reference No.`}
            placeholder={t`Order, tracking, parcel or code`}
            value={draft.ref_no}
            onChange={(e) => setDraft({ ...draft, ref_no: e.currentTarget.value })}
            onKeyDown={(e) => e.key === 'Enter' && apply()}
            w={240}
          />
          <Select
            label={t`Type`}
            placeholder={t`All`}
            clearable
            data={PRINT_KINDS.map((k) => ({ value: k, label: i18n._(PRINT_KIND_LABELS[k]) }))}
            value={draft.kind}
            onChange={(value) => setDraft({ ...draft, kind: value as PrintKind | null })}
            w={180}
          />
          <DatePickerInput
            type="range"
            label={t`Printed`}
            placeholder={t`Start date – End date`}
            value={[draft.dates[0] || null, draft.dates[1] || null]}
            onChange={([start, end]) => setDraft({ ...draft, dates: [start ?? '', end ?? ''] })}
            allowSingleDateInRange
            clearable
            valueFormat="YYYY-MM-DD"
            leftSection={<IconCalendar size={16} aria-hidden />}
            w={260}
          />
          <Button leftSection={<IconSearch size={16} aria-hidden />} onClick={apply}><Trans>Search</Trans></Button>
          <Button variant="default" onClick={() => {
            const empty: Search = { ref_no: '', kind: null, dates: ['', ''] };
            setDraft(empty);
            setSearch(empty);
            setPage(1);
          }}><Trans>Reset</Trans></Button>
        </Group>
      </Paper>
      {!mayReprint && <MissingPermissionNote access={contract.reprintPrintJob.access} />}
      <Paper withBorder radius="md" p="sm">
        <Table.ScrollContainer minWidth={860}>
          <Table striped highlightOnHover aria-label={t`Print log`} data-testid="print-log">
            <Table.Thead>
              <Table.Tr>
                <Table.Th><Trans>Printed At</Trans></Table.Th>
                <Table.Th><Trans>Type</Trans></Table.Th>
                <Table.Th><Trans>Reference No.</Trans></Table.Th>
                <Table.Th><Trans>Document</Trans></Table.Th>
                <Table.Th><Trans>Station</Trans></Table.Th>
                <Table.Th><Trans>Printed By</Trans></Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(log.data?.list ?? []).map((row) => (
                <Table.Tr key={row.job_id} data-job-id={row.job_id}>
                  <Table.Td>{unixToWallClock(row.created_at, timeZone, true)}</Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      {i18n._(PRINT_KIND_LABELS[row.kind])}
                      {row.reprint_of !== null && <Badge size="xs" variant="light" color="gray"><Trans>Reprint</Trans></Badge>}
                    </Group>
                  </Table.Td>
                  <Table.Td ff="monospace">{row.ref_no}</Table.Td>
                  <Table.Td>{row.title}</Table.Td>
                  <Table.Td>{row.station_id ?? '—'}</Table.Td>
                  <Table.Td>{row.printed_by}</Table.Td>
                  <Table.Td>
                    {mayReprint && (
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconPrinter size={14} aria-hidden />}
                        loading={reprint.isPending && reprint.variables?.job_id === row.job_id}
                        onClick={() => reprint.mutate(row)}
                      >
                        <Trans>Reprint</Trans>
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {log.data && total === 0 && <Text c="dimmed" ta="center" py="lg"><Trans>Nothing printed matches.</Trans></Text>}
        {total > PAGE_SIZE && (
          <Group justify="flex-end" mt="sm">
            <Pagination total={Math.ceil(total / PAGE_SIZE)} value={page} onChange={setPage} size="sm" />
          </Group>
        )}
      </Paper>
      <Stack maw={560}><PrintPreview job={last} /></Stack>
    </PrintPage>
  );
}
