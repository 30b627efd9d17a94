import { useState } from 'react';
import { Button, Grid, Group, NumberInput, Paper, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { contract } from '../../../shared/contract';
import { NEW_UIDS_MAX } from '../../../shared/contract/print.contract';
import type { PrintJob } from '../../../shared/print/print-job';
import { callApi } from '../../kit/api';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { usePrinter } from '../../kit/print';
import { toast } from '../../kit/toast';
import { PrintPage, PrintPreview } from './print-parts';

/**
 * /wmsconfig/printtool/newuid: new unique unit ids (UIDs) for units of a SKU, recorded by the
 * server and printed as labels at the current station. Each UID is made once and never again.
 */
export default function NewUidScreen() {
  const { t } = useLingui();
  const { print, stationId } = usePrinter();
  const mayCreate = useMayCall(contract.createNewUids.access);
  const [skuId, setSkuId] = useState('');
  const [count, setCount] = useState(1);
  const [made, setMade] = useState<{ uids: string[]; job: PrintJob } | null>(null);

  const run = useMutation({
    mutationFn: () => callApi(contract.createNewUids, { sku_id: skuId.trim(), count, station_id: stationId || null }),
    onSuccess: async (answer) => {
      setMade(answer);
      const result = await print(answer.job);
      if (result.retcode === 0) {
        toast.success(plural(answer.uids.length, { one: '# new UID made and sent to the printer', other: '# new UIDs made and sent to the printer' }));
      }
    },
  });

  return (
    <PrintPage
      title={<Trans>New UID</Trans>}
      intro={<Trans>Unique unit ids for single units of a SKU (serialised or high-value items): each is made once, recorded against the SKU, and printed as a label.</Trans>}
    >
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <TextInput label={t`SKU ID`} required value={skuId} onChange={(e) => setSkuId(e.currentTarget.value)} maxLength={64} />
              <NumberInput
                label={t`How many`}
                description={t`Up to ${NEW_UIDS_MAX} at a time.`}
                min={1}
                max={NEW_UIDS_MAX}
                allowDecimal={false}
                clampBehavior="strict"
                value={count}
                onChange={(v) => setCount(typeof v === 'number' ? v : 1)}
                w={200}
              />
              {mayCreate ? (
                <Button leftSection={<IconPrinter size={16} aria-hidden />} disabled={skuId.trim() === ''} loading={run.isPending} onClick={() => run.mutate()}>
                  <Trans>Create and Print</Trans>
                </Button>
              ) : <MissingPermissionNote access={contract.createNewUids.access} />}
            </Stack>
          </Paper>
          {made && (
            <Paper withBorder radius="md" p="md" mt="md">
              <Group justify="space-between" mb="xs">
                <Text fw={600}><Trans>UIDs made</Trans></Text>
                <Text size="sm" c="dimmed">{made.uids.length}</Text>
              </Group>
              <ScrollArea.Autosize mah={240}>
                <Table striped aria-label={t`UIDs made`}>
                  <Table.Tbody>
                    {made.uids.map((uid, i) => (
                      <Table.Tr key={uid}><Table.Td w={40}>{i + 1}</Table.Td><Table.Td ff="monospace">{uid}</Table.Td></Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
            </Paper>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <PrintPreview job={made?.job ?? null} />
        </Grid.Col>
      </Grid>
    </PrintPage>
  );
}
