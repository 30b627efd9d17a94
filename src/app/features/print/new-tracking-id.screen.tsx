import { useState } from 'react';
import { Alert, Grid, Paper, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import type { PrintJob } from '../../../shared/print/print-job';
import { callApi, isApiError } from '../../kit/api';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { usePrinter } from '../../kit/print';
import { ScanInput } from '../../kit/scan/scan-input';
import type { ScanVerdict } from '../../kit/scan/use-scan-input';
import { toast } from '../../kit/toast';
import { PrintPage, PrintPreview } from './print-parts';

/**
 * /wmsconfig/printtool/newtrackingid: a packed parcel whose label cannot be used (torn, smudged,
 * lost) gets a new tracking number: scan or type the old one; the server replaces it (the old one
 * is kept, Replaced, naming the new) and the new label prints at the current station.
 */
export default function NewTrackingIdScreen() {
  const { t } = useLingui();
  const { print, stationId } = usePrinter();
  const mayCreate = useMayCall(contract.createNewTrackingId.access);
  const [made, setMade] = useState<{ old: string; next: string; job: PrintJob } | null>(null);

  const run = useMutation({
    mutationFn: (trackingNo: string) => callApi(contract.createNewTrackingId, { tracking_no: trackingNo, station_id: stationId || null }, { quiet: true }),
    onSuccess: async (answer) => {
      setMade({ old: answer.old_tracking_no, next: answer.parcel.tracking_no, job: answer.job });
      const result = await print(answer.job);
      if (result.retcode === 0) toast.success(t`New label sent to the printer`);
    },
  });

  const onScan = ({ value }: { value: string }): ScanVerdict | 'handled' => {
    const code = value.trim();
    if (!code || run.isPending) return { ok: false };
    run.mutate(code);
    return 'handled';
  };
  const oldNo = made?.old;
  const newNo = made?.next;

  return (
    <PrintPage
      title={<Trans>New Tracking ID</Trans>}
      intro={<Trans>A packed parcel whose label cannot be scanned gets a new tracking number and label. The old number is kept on the parcel's record, replaced.</Trans>}
    >
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder radius="md" p="md">
            {mayCreate ? (
              <Stack gap="sm">
                <ScanInput label={<Trans>Scan or type the parcel's tracking number</Trans>} placeholder={t`Tracking No.`} onScan={onScan} testId="new-tracking-scan" />
                {run.error && <Alert color="red" data-testid="new-tracking-error">{isApiError(run.error) ? run.error.message : String(run.error)}</Alert>}
                {made && (
                  <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />} data-testid="new-tracking-done">
                    <Trans>Parcel {oldNo} is now {newNo}.</Trans>
                  </Alert>
                )}
                <Text size="xs" c="dimmed"><Trans>Only a packed parcel that has not left the warehouse gets a new number.</Trans></Text>
              </Stack>
            ) : <MissingPermissionNote access={contract.createNewTrackingId.access} />}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <PrintPreview job={made?.job ?? null} />
        </Grid.Col>
      </Grid>
    </PrintPage>
  );
}
