import { useState } from 'react';
import { Button, Grid, Group, NumberInput, Paper, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { contract } from '../../../shared/contract';
import { CODE_LABELS_MAX, type CODE_LABEL_KINDS } from '../../../shared/contract/print.contract';
import { PRINT_COPIES_MAX, type PrintJob } from '../../../shared/print/print-job';
import { callApi } from '../../kit/api';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { usePrinter } from '../../kit/print';
import { toast } from '../../kit/toast';
import { PrintPage, PrintPreview } from './print-parts';

type Kind = (typeof CODE_LABEL_KINDS)[number];

/** The codes typed or scanned into the box: one per line (or separated by spaces or commas), each once, in order. */
export const codesOf = (text: string): string[] => [...new Set(text.split(/[\s,;]+/).map((c) => c.trim()).filter(Boolean))];

/**
 * /wmsconfig/printtool/print: labels for locations, containers and SKUs of the warehouse, one per
 * code, printed at the current station (docs/printing.md). The server refuses codes the warehouse
 * does not have, naming them, and prints nothing then.
 */
export default function CodeLabelsScreen() {
  const { t } = useLingui();
  const { print, stationId } = usePrinter();
  const mayPrint = useMayCall(contract.printCodeLabels.access);
  const [kind, setKind] = useState<Kind>('CELL');
  const [text, setText] = useState('');
  const [copies, setCopies] = useState(1);
  const [last, setLast] = useState<PrintJob | null>(null);
  const codes = codesOf(text);

  const run = useMutation({
    mutationFn: () => callApi(contract.printCodeLabels, { kind, codes, copies, station_id: stationId || null }),
    onSuccess: async ({ job, job_ids }) => {
      setLast(job);
      const result = await print(job);
      if (result.retcode === 0) {
        toast.success(plural(job_ids.length, { one: 'Sent # label to the printer', other: 'Sent # labels to the printer' }));
      }
    },
  });

  return (
    <PrintPage
      title={<Trans>Print Labels</Trans>}
      intro={<Trans>Labels for locations, containers and SKUs of this warehouse: the code as a Code 128 barcode with its text, one label per code, on your station's label stock.</Trans>}
    >
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <SegmentedControl
                aria-label={t`Label type`}
                value={kind}
                onChange={(value) => setKind(value as Kind)}
                data={[
                  { value: 'CELL', label: t`Location` },
                  { value: 'CONTAINER', label: t`Container` },
                  { value: 'SKU', label: t`SKU` },
                ]}
              />
              <Textarea
                label={t`Codes`}
                description={t`One per line, or scan them one after another (up to ${CODE_LABELS_MAX}).`}
                autosize
                minRows={6}
                maxRows={14}
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                data-testid="label-codes"
              />
              <Group align="flex-end" justify="space-between">
                <NumberInput
                  label={t`Copies`}
                  min={1}
                  max={PRINT_COPIES_MAX}
                  allowDecimal={false}
                  clampBehavior="strict"
                  value={copies}
                  onChange={(v) => setCopies(typeof v === 'number' ? v : 1)}
                  w={120}
                />
                <Text size="sm" c="dimmed">{plural(codes.length, { one: '# code', other: '# codes' })}</Text>
              </Group>
              {mayPrint ? (
                <Button
                  leftSection={<IconPrinter size={16} aria-hidden />}
                  disabled={codes.length === 0 || codes.length > CODE_LABELS_MAX}
                  loading={run.isPending}
                  onClick={() => run.mutate()}
                >
                  <Trans>Print</Trans>
                </Button>
              ) : <MissingPermissionNote access={contract.printCodeLabels.access} />}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <PrintPreview job={last} />
        </Grid.Col>
      </Grid>
    </PrintPage>
  );
}
