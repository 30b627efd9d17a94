import { Anchor, Button, Menu, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { I18n } from '@lingui/core';
import { notifications } from '@mantine/notifications';
import { contract } from '../../../shared/contract';
import type { ExportColumn, ExportFormat } from '../../../shared/contract/export-task.contract';
import { yesNo } from '../../../shared/format';
import type { FieldDef, ResourceDef } from '../../../shared/resources/define';
import { exportTaskResource } from '../../../shared/resources/export-task.resource';
import { derivePerm } from '../../../shared/routes/derive';
import { callApi } from '../api';
import { APP_BASE } from '../redirect-url';
import { useSession } from '../use-session';
import { useVisibleColumns } from './column-settings';
import { valueText } from './resource-fields';

/** Where the user finds their exports (spec §2 Report Center). */
const REPORT_CENTER = '/reportcenter/reportcenter';
const REPORT_CENTER_PERM = derivePerm(REPORT_CENTER);

/** A column of the file as the list shows it: translated header, enum and yes/no values as their labels. */
function exportColumn(name: string, field: FieldDef, i18n: I18n): ExportColumn {
  const values = field.kind === 'enum'
    ? Object.fromEntries((field.values ?? []).map((v) => [String(v), valueText(field, v, i18n)]))
    : field.kind === 'bool'
      ? Object.fromEntries([0, 1].map((v) => [String(v), i18n._(yesNo(v)!)]))
      : undefined;
  return { field: name, label: i18n._(field.label), ...(values ? { values } : {}) };
}

export interface ExportButtonProps {
  resource: ResourceDef;
  /** The list's current search (filters and sort; paging is ignored: the whole list is exported). */
  search: Readonly<Record<string, unknown>>;
  /** The list's manifest path: its column settings decide the file's columns. */
  path: string;
}

/**
 * "Export" with a choice of XLSX or CSV: queues an export of the list as it is filtered and
 * sorted, with the columns it shows, and says where the file will be.
 */
export function ExportButton({ resource, search, path }: ExportButtonProps) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { menuKeys } = useSession();
  const columns = useVisibleColumns(resource, path);

  const create = useMutation({
    mutationFn: (format: ExportFormat) => {
      const { page_no: _page, page_size: _size, ...filters } = search;
      return callApi(contract.createExportTask, {
        resource: resource.name, format, filters, columns: columns.map(([name, field]) => exportColumn(name, field, i18n)),
      });
    },
    onSuccess: () => {
      // The Report Center's list shows the new task at once.
      void queryClient.invalidateQueries({ queryKey: ['resource', exportTaskResource.name] });
      // The toast lives outside the router: the link navigates with this page's router.
      const id = notifications.show({
        color: 'teal',
        autoClose: 6000,
        message: (
          <Stack gap={4} data-testid="export-queued">
            <Text size="sm"><Trans>Export queued. The file will be ready in the Report Center.</Trans></Text>
            {menuKeys.has(REPORT_CENTER_PERM) && (
              <Anchor size="sm" href={`${APP_BASE}${REPORT_CENTER}`} onClick={(e) => {
                e.preventDefault();
                notifications.hide(id);
                void navigate({ to: REPORT_CENTER });
              }}>
                <Trans>Open Report Center</Trans>
              </Anchor>
            )}
          </Stack>
        ),
      });
    },
  });

  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} rightSection={<IconChevronDown size={14} aria-hidden />} loading={create.isPending}>
          <Trans>Export</Trans>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t`File format`}</Menu.Label>
        <Menu.Item onClick={() => create.mutate('xlsx')}>XLSX</Menu.Item>
        <Menu.Item onClick={() => create.mutate('csv')}>CSV</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
