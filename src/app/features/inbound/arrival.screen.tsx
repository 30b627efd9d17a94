import { useState } from 'react';
import { Alert, Badge, Button, Group, NumberInput, Paper, SegmentedControl, Stack, Switch, Text, Title } from '@mantine/core';
import { IconArrowBack, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { ARRIVAL_SHEET_TYPE, type ArrivalBox, type ArrivalSheet } from '../../../shared/contract/arrival.contract';
import { INBOUND_STATUS, TRACKING_ID_STATUS } from '../../../shared/codes';
import { UPPER_BOUND } from '../../../shared/constants';
import { asnResource } from '../../../shared/resources/asn.resource';
import { RET } from '../../../shared/retcodes';
import { callApi, isApiError } from '../../kit/api';
import { cue } from '../../kit/feedback';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { FieldValue } from '../../kit/resource/field-value';
import { ScanInput } from '../../kit/scan/scan-input';
import type { ScanEntry } from '../../kit/scan/scan-timing';
import { useSession } from '../../kit/use-session';
import { toast } from '../../kit/toast';
import { matchRoute, titleOf } from '../../routes/access';
import { codeField } from '../../kit/record-parts';
import { arrivalQueries } from './asn.queries';

const F = asnResource.fields;
const boxStatusField = codeField(TRACKING_ID_STATUS, /*i18n*/ 'Status', true);
type BoxList = 'expected' | 'checked' | 'missing';

/** A call the scan fields make: refusals are the screen's to show (cue and message), never a generic toast. */
const quiet = { noErrorCodes: [RET.BAD_INPUT, RET.NOT_FOUND, RET.ILLEGAL_TRANSITION, RET.ARRIVAL_BOX_NOT_ON_SHEET, RET.ARRIVAL_BOX_ALREADY_CHECKED] };

/** The refusal's text, cued: the operator hears it and reads it. */
function refused(error: unknown) {
  cue('scan.refused');
  toast.error(error instanceof Error ? error.message : String(error));
}

function SheetCard({ sheet }: { sheet: ArrivalSheet }) {
  const { i18n } = useLingui();
  const sheetId = sheet.sheet_id;
  return (
    <Paper withBorder radius="md" p="md" data-testid="arrival-sheet">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={700}>
            {sheet.sheet_type === ARRIVAL_SHEET_TYPE.GROUP ? <Trans>ASN group {sheetId}</Trans> : <Trans>ASN {sheetId}</Trans>}
          </Text>
          <Group gap={6}>
            <Badge color="gray" variant="light" data-testid="count-expected"><Trans>Expected {sheet.expected_count}</Trans></Badge>
            <Badge color="teal" variant="light" data-testid="count-checked"><Trans>Checked {sheet.checked_count}</Trans></Badge>
            <Badge color="red" variant="light" data-testid="count-missing"><Trans>Missing {sheet.missing_count}</Trans></Badge>
          </Group>
        </Group>
        {sheet.asn_list.map((asn) => (
          <Group key={asn.asn_no} gap="sm" wrap="wrap" data-testid={`arrival-asn-${asn.asn_no}`}>
            <Text size="sm" fw={600}>{asn.asn_no}</Text>
            <FieldValue field={F.status} value={asn.status} />
            <Text size="sm" c="dimmed">{[asn.supplier_id, asn.slot_date, asn.shift_name].filter(Boolean).join(' · ')}</Text>
            {asn.status === INBOUND_STATUS.values.ARRIVED && <FieldValue field={F.arrival_timeliness} value={asn.arrival_timeliness} />}
            <Text size="sm" c="dimmed">{i18n._(F.expected_cartons.label)}: {asn.expected_cartons}</Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** A checked box's Pre-QC: damaged or not, and its carton count as labelled. */
function PreQc({ box, sheetId, onChanged }: { box: ArrivalBox; sheetId: string; onChanged(sheet: ArrivalSheet): void }) {
  const { t } = useLingui();
  const [cartons, setCartons] = useState<number | string>(box.carton_qty);
  const update = useMutation({
    mutationFn: (change: { is_damaged?: 0 | 1; carton_qty?: number }) => callApi(contract.updateArrivalMtb, { sheet_id: sheetId, tracking_id: box.tracking_id, ...change }),
    onSuccess: (res) => onChanged(res.sheet),
  });
  const trackingId = box.tracking_id;
  return (
    <Group gap="xs" wrap="nowrap">
      <Switch
        size="sm" color="red" label={t`Damaged`} aria-label={t`Box ${trackingId} damaged`}
        checked={box.is_damaged === 1} disabled={update.isPending}
        onChange={(e) => update.mutate({ is_damaged: e.currentTarget.checked ? 1 : 0 })}
      />
      <NumberInput
        size="xs" w={88} min={1} max={UPPER_BOUND} allowDecimal={false} allowNegative={false} aria-label={t`Cartons of box ${trackingId}`}
        value={cartons} onChange={setCartons}
        onBlur={() => typeof cartons === 'number' && cartons !== box.carton_qty && update.mutate({ carton_qty: cartons })}
      />
    </Group>
  );
}

function Boxes({ sheetId, scanBoxes, onChanged }: { sheetId: string; scanBoxes: boolean; onChanged(sheet: ArrivalSheet): void }) {
  const { t } = useLingui();
  const [which, setWhich] = useState<BoxList>('expected');
  const boxes = useQuery(arrivalQueries.boxes(which, sheetId));
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <SegmentedControl
          value={which} onChange={(v) => setWhich(v as BoxList)} fullWidth data-testid="box-lists"
          data={[{ value: 'expected', label: t`Expected` }, { value: 'checked', label: t`Checked` }, { value: 'missing', label: t`Missing` }]}
        />
        {(boxes.data?.list.length ?? 0) === 0 ? (
          <Text c="dimmed" size="sm" ta="center"><Trans>No data</Trans></Text>
        ) : (
          <Stack gap={0} aria-label={t`Boxes`} data-testid={`boxes-${which}`}>
            {boxes.data!.list.map((box) => (
              <Group key={box.tracking_id} justify="space-between" wrap="wrap" gap="xs" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
                <div>
                  <Text size="sm" fw={600}>{box.tracking_id}</Text>
                  <Text size="xs" c="dimmed">{box.asn_no} · <Trans>Cartons</Trans> {box.carton_qty}</Text>
                </div>
                <FieldValue field={boxStatusField} value={box.status} />
                {which === 'checked' && scanBoxes && <PreQc key={`${box.tracking_id}-${box.carton_qty}`} box={box} sheetId={sheetId} onChanged={onChanged} />}
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * /inbound/arriving and /moveinbound/move/arrving (spec §2; §7 the trarrival calls): the dock
 * operator scans the ASN or ASN group number of the arriving truck; where boxes are scanned
 * (setting is_scan_mtb: "Arriving & Pre-QC") each box's tracking id, marking damaged ones; then
 * completes the arrival — boxes not scanned are recorded missing. Online: every scan is answered
 * by the server at once. Scanning a sheet starts its arrival: without the page's Action permission
 * there is nothing to scan.
 */
export default function ArrivalScreen() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const { flags } = useSession();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const route = matchRoute(pathname)?.route;
  const config = useQuery(arrivalQueries.config());
  const mayArrive = useMayCall(contract.scanArrivalSheetId.access);
  const [sheet, setSheet] = useState<ArrivalSheet | null>(null);
  const scanBoxes = (sheet?.is_scan_mtb ?? config.data?.is_scan_mtb) === 1;
  const sheetId = sheet?.sheet_id ?? '';

  const showSheet = (next: ArrivalSheet) => {
    setSheet(next);
    void queryClient.invalidateQueries({ queryKey: arrivalQueries.all });
  };

  const onSheetScan = (entry: ScanEntry) => {
    callApi(contract.scanArrivalSheetId, { sheet_id: entry.value.trim() }, quiet).then((next) => {
      cue('scan.accepted');
      showSheet(next);
    }, refused);
    return 'handled' as const;
  };
  const onBoxScan = (entry: ScanEntry) => {
    callApi(contract.saveArrivalMtb, { sheet_id: sheetId, tracking_id: entry.value.trim() }, quiet).then((res) => {
      cue('scan.accepted');
      showSheet(res.sheet);
    }, (error: unknown) => {
      // A box scanned twice is a warning, not a failure: it is checked already.
      if (isApiError(error, RET.ARRIVAL_BOX_ALREADY_CHECKED)) {
        cue('scan.refused');
        toast.warning(error.message, 3000);
      } else refused(error);
    });
    return 'handled' as const;
  };
  const complete = useMutation({
    mutationFn: () => callApi(contract.completeArrival, { sheet_id: sheetId }),
    onSuccess: (res) => {
      const missing = res.missing.length;
      cue(missing > 0 ? 'inbound.counting_mismatch' : 'scan.accepted');
      if (missing > 0) toast.warning(t`Arrival completed: ${missing} boxes missing (${res.missing.join(', ')})`, 6000);
      else toast.success(t`Arrival completed`);
      showSheet(res.sheet);
    },
  });

  const arriving = sheet?.asn_list.some((a) => a.status === INBOUND_STATUS.values.ARRIVING) ?? false;
  const title = route ? i18n._(titleOf(route, flags)) : t`Arriving`;
  return (
    <Stack gap="md" maw={720}>
      <Title order={1} fz="h2">{title}</Title>
      {!mayArrive ? (
        <MissingPermissionNote access={contract.scanArrivalSheetId.access} />
      ) : !sheet || !arriving ? (
        <ScanInput
          key="sheet"
          label={<Trans>Scan the ASN or ASN group number</Trans>}
          placeholder={t`ASN / group number`}
          onScan={onSheetScan}
          testId="arrival-sheet-scan"
        />
      ) : scanBoxes ? (
        <ScanInput
          key="box"
          label={<Trans>Scan each box (tracking ID)</Trans>}
          placeholder={t`Tracking ID`}
          onScan={onBoxScan}
          testId="arrival-box-scan"
        />
      ) : (
        <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
          <Trans>Boxes are not scanned in this warehouse: completing the arrival checks them all.</Trans>
        </Alert>
      )}
      {sheet && <SheetCard sheet={sheet} />}
      {sheet && (
        <Group justify="space-between">
          <Button variant="default" leftSection={<IconArrowBack size={16} aria-hidden />} onClick={() => setSheet(null)}>
            <Trans>Another sheet</Trans>
          </Button>
          {arriving && (
            <Button color="teal" leftSection={<IconCircleCheck size={16} aria-hidden />} loading={complete.isPending} onClick={() => complete.mutate()} data-testid="arrival-complete">
              <Trans>Complete Arrival</Trans>
            </Button>
          )}
        </Group>
      )}
      {sheet && <Boxes sheetId={sheetId} scanBoxes={scanBoxes && arriving} onChanged={showSheet} />}
      {!sheet && mayArrive && (
        <Text size="sm" c="dimmed">
          <Trans>Scanning the sheet starts the arrival of its ASNs; completing it records when they arrived against their delivery slot.</Trans>
        </Text>
      )}
    </Stack>
  );
}
