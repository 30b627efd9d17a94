import type { ReactNode } from 'react';
import { Group, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { INBOUND_STATUS, INBOUND_TASK_KIND, TASK_STATUS, codeEnum } from '../../../shared/codes';
import type { FieldDef } from '../../../shared/resources/define';
import { FieldValue } from '../../kit/resource/field-value';
import { TaskHeader, TaskNotFound, TaskScanStep } from '../../kit/scan-task/scan-task-parts';

/** Pieces the QC, receiving and Reprocess screens share: the ASN (or task) they work on, kept in the URL as `?asn=`. */

export const asnStatusField: FieldDef = { kind: 'enum', label: /*i18n*/ 'Status', status: true, ...codeEnum(INBOUND_STATUS) };
export const taskStatusField: FieldDef = { kind: 'enum', label: /*i18n*/ 'Task Status', status: true, ...codeEnum(TASK_STATUS) };
export const taskKindField: FieldDef = { kind: 'enum', label: /*i18n*/ 'Task Kind', status: true, ...codeEnum(INBOUND_TASK_KIND) };

/** Opens the screen, on the route it was opened on, at an ASN or task number (or back to its scan step with null). */
export function useOpenAsn() {
  const navigate = useNavigate();
  // The route the screen was opened on: one screen serves inbound, MT inbound and return routes.
  return (code: string | null) => void navigate({ to: '.', search: (code ? { asn: code } : {}) as never });
}

/** Step one of a step screen: scan the ASN number or its task's. */
export function AsnScan({ title, hint }: { title: ReactNode; hint: ReactNode }) {
  const { t } = useLingui();
  const open = useOpenAsn();
  return (
    <TaskScanStep title={title} label={<Trans>ASN or task</Trans>} placeholder={t`Scan the ASN number or its task number`} onOpen={open} testId="step-asn-scan">
      <Text size="sm" c="dimmed">{hint}</Text>
    </TaskScanStep>
  );
}

/** The header of an ASN being worked on: number, status, task, and the way back to the scan step. */
export function AsnHeader({ title, asnNo, status, taskNo, taskStatus, onLeave }: {
  title: ReactNode; asnNo: string; status: number; taskNo: string | null; taskStatus: number | null; onLeave: () => void;
}) {
  const task = taskNo && (
    <Group gap="xs">
      <Text size="xs" c="dimmed"><Trans>Task {taskNo}</Trans></Text>
      {taskStatus !== null && <FieldValue field={taskStatusField} value={taskStatus} />}
    </Group>
  );
  return (
    <TaskHeader
      title={title}
      number={asnNo}
      numberTestId="step-asn-no"
      tags={<FieldValue field={asnStatusField} value={status} />}
      details={task}
      leave={<Trans>Other ASN</Trans>}
      onLeave={onLeave}
    />
  );
}

/** The read of a step screen failed: not found as an ASN or task of the warehouse, or no network. */
export function AsnNotFound({ title, code, error, onLeave }: { title: ReactNode; code: string; error: Error; onLeave: () => void }) {
  const { t } = useLingui();
  return (
    <TaskNotFound title={title} problem={t`${code} cannot be opened`} leave={<Trans>Scan another</Trans>} onLeave={onLeave}>
      {error.message}
    </TaskNotFound>
  );
}

/** A step screen's read of its ASN or task: loading, not found, or the work (`children`). */
export function AsnLoad<T>({ title, code, query, onLeave, children }: {
  title: ReactNode; code: string; query: UseQueryResult<T>; onLeave: () => void; children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Text c="dimmed"><Trans>Loading…</Trans></Text>;
  if (query.isError) return <AsnNotFound title={title} code={code} error={query.error} onLeave={onLeave} />;
  return children(query.data);
}
