import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { PrintJob, PrintKind } from '../../../shared/print/print-job';
import { StationPicker } from '../../kit/print';

/** What each kind of print job is called on screen. */
export const PRINT_KIND_LABELS: Record<PrintKind, MessageDescriptor> = {
  SHIPPING_LABEL: msg`Shipping label`,
  PACKING_LIST: msg`Packing list`,
  UID_LABEL: msg`UID label`,
  CODE_LABEL: msg`Code label`,
  TEST_PAGE: msg`Test page`,
  MANIFEST: msg`Shipping manifest`,
  MASTER_AWB: msg`Master AWB label`,
};

/** A print tool page: title, what it does, and the station whose printer it prints to. */
export function PrintPage({ title, intro, children }: { title: ReactNode; intro: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} fz="h2">{title}</Title>
          <Text c="dimmed" size="sm" maw={640}>{intro}</Text>
        </div>
        <StationPicker />
      </Group>
      {children}
    </Stack>
  );
}

/**
 * The job as it prints, in a sandboxed frame at its real size (mm): what was sent to the printer,
 * for the operator to check at a glance.
 */
export function PrintPreview({ job }: { job: PrintJob | null }) {
  const { t } = useLingui();
  return (
    <Paper withBorder radius="md" p="sm" bg="gray.1">
      <Text size="sm" fw={600} mb={6}><Trans>Last printed</Trans></Text>
      {job ? (
        <>
          <Text size="xs" c="dimmed" mb={6}>{job.options.title} · {job.width} × {job.height} mm</Text>
          <iframe
            title={t`Print preview`}
            data-testid="print-preview"
            sandbox="allow-same-origin"
            srcDoc={job.print_content}
            style={{ width: `${job.width + 6}mm`, maxWidth: '100%', height: `${Math.min(job.height, 160) + 6}mm`, border: 0, background: 'white', boxShadow: '0 1px 4px rgba(0,0,0,.2)' }}
          />
        </>
      ) : (
        <Text size="sm" c="dimmed"><Trans>Nothing printed yet on this page.</Trans></Text>
      )}
    </Paper>
  );
}
