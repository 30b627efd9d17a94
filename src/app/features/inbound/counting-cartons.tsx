import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, Modal, NumberInput, Select, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconCloudUpload, IconPencil } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { MAX_COUNT_QTY, isCountQty } from '../../../shared/counting';
import { askServer } from './counting-checks';
import type { LocalCarton } from './counting-view';

/**
 * The cartons of the group being counted (spec §7 update_tracking_id, delete_tracking_id): each
 * with its ASN, its pieces and what is counted in it. A carton is picked to count into, and
 * corrected while the group is not complete — its piece count at any time, its ASN or its very
 * presence only while nothing is counted in it (the server's rule, checked here first against
 * this device's view). Corrections are ops of the outbox, queued after the counts before them.
 */

export interface CartonCorrection {
  tracking_id: string;
  /** The fields changed; none: the carton is removed. */
  change: { carton_qty?: number; asn_no?: string } | null;
}

export function CartonList({ cartons, asnNos, current, editable, onPick, onCorrect }: {
  cartons: readonly LocalCarton[];
  /** The group's open ASNs: a carton may move between them. */
  asnNos: readonly string[];
  current: string | null;
  /** False once completion is queued: cartons are final. */
  editable: boolean;
  onPick(trackingId: string): void;
  onCorrect(correction: CartonCorrection): Promise<boolean>;
}) {
  const { t } = useLingui();
  const [editing, setEditing] = useState<string | null>(null);
  const carton = cartons.find((c) => c.tracking_id === editing) ?? null;
  if (cartons.length === 0) return null;
  return (
    <Stack gap={6}>
      <Title order={2} fz="sm"><Trans>Cartons ({cartons.length})</Trans></Title>
      {cartons.map((c) => (
        <Group key={c.tracking_id} justify="space-between" wrap="nowrap" gap="xs" data-testid="counting-carton-row" data-carton={c.tracking_id}>
          <UnstyledButton onClick={() => onPick(c.tracking_id)} style={{ minWidth: 0 }} aria-label={t`Count into carton ${c.tracking_id}`}>
            <Text size="sm" ff="monospace" fw={c.tracking_id === current ? 700 : undefined} style={{ wordBreak: 'break-all' }}>{c.tracking_id}</Text>
            <Text size="xs" c="dimmed" data-testid="counting-carton-facts">
              <Trans>ASN {c.asn_no} · {c.carton_qty} pcs · {c.counted_qty} counted</Trans>
            </Text>
          </UnstyledButton>
          <Group gap={4} wrap="nowrap">
            {c.queued && <Badge color="yellow" variant="light" size="sm" leftSection={<IconCloudUpload size={10} aria-hidden />}><Trans>Queued</Trans></Badge>}
            {editable && (
              <Button variant="subtle" size="compact-sm" leftSection={<IconPencil size={14} aria-hidden />} onClick={() => setEditing(c.tracking_id)} data-testid="counting-carton-edit">
                <Trans>Correct</Trans>
              </Button>
            )}
          </Group>
        </Group>
      ))}
      {carton && <CartonDialog key={carton.tracking_id} carton={carton} asnNos={asnNos} onClose={() => setEditing(null)} onCorrect={onCorrect} />}
    </Stack>
  );
}

function CartonDialog({ carton, asnNos, onClose, onCorrect }: {
  carton: LocalCarton;
  asnNos: readonly string[];
  onClose(): void;
  onCorrect(correction: CartonCorrection): Promise<boolean>;
}) {
  const { t } = useLingui();
  const [pieces, setPieces] = useState<number | string>(carton.carton_qty);
  const [asnNo, setAsnNo] = useState<string | null>(carton.asn_no);
  const [exceptions, setExceptions] = useState<string[]>([]);
  const holdsCounts = carton.counted_qty > 0;
  const counted = carton.counted_qty;
  // Exceptions against the carton (reported at arrival) keep it too: asked of the server when online.
  useEffect(() => {
    if (carton.queued) return;
    let live = true;
    void askServer(contract.checkExceptionTrackingId, { tracking_id: carton.tracking_id }).then((answer) => {
      if (live && answer && 'data' in answer) setExceptions(answer.data.exceptions.map((e) => e.exception_no));
    });
    return () => {
      live = false;
    };
  }, [carton.tracking_id, carton.queued]);

  const change: NonNullable<CartonCorrection['change']> = {
    ...(Number(pieces) !== carton.carton_qty ? { carton_qty: Number(pieces) } : {}),
    ...(asnNo && asnNo !== carton.asn_no ? { asn_no: asnNo } : {}),
  };
  const changed = Object.keys(change).length > 0;
  const valid = isCountQty(Number(pieces));
  const close = async (correction: CartonCorrection) => {
    if (await onCorrect(correction)) onClose();
  };
  const exceptionNos = exceptions.join(', ');
  return (
    <Modal opened onClose={onClose} title={t`Carton ${carton.tracking_id}`} centered>
      <Stack>
        <NumberInput
          label={<Trans>Pieces (as the label says)</Trans>}
          value={pieces}
          onChange={setPieces}
          min={1}
          max={MAX_COUNT_QTY}
          allowDecimal={false}
          allowNegative={false}
          data-testid="counting-carton-pieces"
        />
        {asnNos.length > 1 && (
          <Select
            label={<Trans>ASN of the carton</Trans>}
            data={[...asnNos]}
            value={asnNo}
            onChange={setAsnNo}
            disabled={holdsCounts}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
            data-testid="counting-carton-asn"
          />
        )}
        {holdsCounts && (
          <Text size="sm" c="dimmed" data-testid="counting-carton-locked">
            <Trans>{counted} units are counted in it: it stays with ASN {carton.asn_no} and cannot be removed.</Trans>
          </Text>
        )}
        {exceptions.length > 0 && (
          <Alert color="orange" data-testid="counting-carton-exceptions">
            <Trans>Open exceptions against this carton: {exceptionNos}. It cannot be removed.</Trans>
          </Alert>
        )}
        <Group grow>
          <Button disabled={!changed || !valid} onClick={() => void close({ tracking_id: carton.tracking_id, change })} data-testid="counting-carton-save">
            <Trans>Save</Trans>
          </Button>
          <Button variant="default" onClick={onClose}><Trans>Cancel</Trans></Button>
        </Group>
        <Button
          variant="light"
          color="red"
          disabled={holdsCounts || exceptions.length > 0}
          onClick={() => void close({ tracking_id: carton.tracking_id, change: null })}
          data-testid="counting-carton-remove"
        >
          <Trans>Remove carton</Trans>
        </Button>
      </Stack>
    </Modal>
  );
}
