import type { ReactNode } from 'react';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { INBOUND_STATUS, INBOUND_TASK_KIND, TASK_STATUS, codeEnum } from '../../../shared/codes';
import type { FieldDef } from '../../../shared/resources/define';
import { FieldValue } from '../../kit/resource/field-value';
import { ScanInput } from '../../kit/scan/scan-input';
import type { ScanVerdict } from '../../kit/scan/use-scan-input';

/** Pieces the QC, receiving and Reprocess screens share: the ASN (or task) they work on, kept in the URL as `?asn=`. */

export const asnStatusField: FieldDef = { kind: 'enum', label: /*i18n*/ 'Status', status: true, ...codeEnum(INBOUND_STATUS) };
export const taskStatusField: FieldDef = { kind: 'enum', label: /*i18n*/ 'Task Status', status: true, ...codeEnum(TASK_STATUS) };
export const taskKindField: FieldDef = { kind: 'enum', label: /*i18n*/ 'Task Kind', status: true, ...codeEnum(INBOUND_TASK_KIND) };

/** Opens the screen at `path` on an ASN or task number (or back to its scan step with null). */
export function useOpenAsn(path: string) {
  const navigate = useNavigate();
  return (code: string | null) => void navigate({ to: path, search: (code ? { asn: code } : {}) as never });
}

/** Step one of a step screen: scan the ASN number or its task's. */
export function AsnScan({ title, path, hint }: { title: ReactNode; path: string; hint: ReactNode }) {
  const { t } = useLingui();
  const open = useOpenAsn(path);
  const onScan = ({ value }: { value: string }): ScanVerdict => {
    open(value.trim());
    return { ok: true };
  };
  return (
    <Stack gap="md" maw={720} mx="auto">
      <Title order={1} fz="h3">{title}</Title>
      <ScanInput label={<Trans>ASN or task</Trans>} placeholder={t`Scan the ASN number or its task number`} onScan={onScan} testId="step-asn-scan" />
      <Text size="sm" c="dimmed">{hint}</Text>
    </Stack>
  );
}

/** The header of an ASN being worked on: number, status, task, and the way back to the scan step. */
export function AsnHeader({ title, asnNo, status, taskNo, taskStatus, onLeave }: {
  title: ReactNode; asnNo: string; status: number; taskNo: string | null; taskStatus: number | null; onLeave: () => void;
}) {
  return (
    <Group justify="space-between" align="flex-start">
      <div>
        <Title order={1} fz="h3">{title}</Title>
        <Group gap="xs">
          <Text fw={700} ff="monospace" data-testid="step-asn-no">{asnNo}</Text>
          <FieldValue field={asnStatusField} value={status} />
        </Group>
        {taskNo && (
          <Group gap="xs">
            <Text size="xs" c="dimmed"><Trans>Task {taskNo}</Trans></Text>
            {taskStatus !== null && <FieldValue field={taskStatusField} value={taskStatus} />}
          </Group>
        )}
      </div>
      <Button variant="subtle" size="compact-sm" onClick={onLeave}><Trans>Other ASN</Trans></Button>
    </Group>
  );
}

/** The read of a step screen failed: not found as an ASN or task of the warehouse, or no network. */
export function AsnNotFound({ title, code, error, onLeave }: { title: ReactNode; code: string; error: Error; onLeave: () => void }) {
  const { t } = useLingui();
  return (
    <Stack gap="md" maw={720} mx="auto">
      <Title order={1} fz="h3">{title}</Title>
      <Alert color="red" title={t`${code} cannot be opened`}>{error.message}</Alert>
      <Button variant="light" onClick={onLeave}><Trans>Scan another</Trans></Button>
    </Stack>
  );
}
