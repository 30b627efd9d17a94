import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { requiredMessage } from '../../shared/validation';

interface ReasonDialogProps {
  opened: boolean;
  title: string;
  /** What confirming does, shown above the reason. */
  explanation: ReactNode;
  /** The refusal being dealt with (e.g. the server's message), shown in red. */
  detail?: string | null;
  /** Refuses a reason (trimmed) with a message, or null to accept it. Default: any reason but none ("Please Input Reason"). */
  validate?: (reason: string) => string | null;
  maxLength: number;
  /** The field's label: "Reason" unless the answer asked for is something else (a number to match). */
  label?: string;
  confirmLabel: ReactNode;
  confirmColor?: string;
  busy?: boolean;
  /** Acts on the trimmed reason; a thrown error is shown under the field and the dialog stays. */
  onConfirm: (reason: string) => Promise<void> | void;
  onClose: () => void;
}

/** A confirmation that needs a written reason (discard, resolve): the reason is required and kept. */
export function ReasonDialog({
  opened, title, explanation, detail, validate, maxLength, label, confirmLabel, confirmColor, busy, onConfirm, onClose,
}: ReasonDialogProps) {
  const { t, i18n } = useLingui();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  useEffect(() => {
    setReason('');
    setError(null);
  }, [opened, title]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    const refusal = validate ? validate(trimmed) : trimmed ? null : i18n._(requiredMessage(label ?? t`Reason`, 'input'));
    if (refusal) {
      setError(refusal);
      return;
    }
    setWorking(true);
    try {
      await onConfirm(trimmed);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setWorking(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <Text size="sm">{explanation}</Text>
          {detail && <Text size="sm" c="red">{detail}</Text>}
          <Textarea
            label={label ?? t`Reason`}
            required
            autosize
            minRows={2}
            maxLength={maxLength}
            value={reason}
            error={error}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setError(null);
            }}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans context="button">Cancel</Trans>
            </Button>
            <Button type="submit" color={confirmColor} loading={busy || working}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
