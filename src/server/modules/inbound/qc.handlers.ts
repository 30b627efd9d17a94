import { and, eq } from 'drizzle-orm';
import { INBOUND_TASK_KIND } from '../../../shared/codes';
import type { qcContract } from '../../../shared/contract/qc.contract';
import type { Db } from '../../db/client';
import { inboundTasks } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { Handlers } from '../../http/register';
import { completeQc, qcAsnView, saveQcRecord } from './qc';

/** The ASN a screen names by its number or by a task of the kind (the operator scans either). */
export async function asnOfTask(db: Db, whsId: string, input: { asn_no?: string | undefined; task_no?: string | undefined }, kind: number): Promise<string> {
  if (input.asn_no !== undefined) return input.asn_no;
  const [task] = await db.select({ asnNo: inboundTasks.asnNo }).from(inboundTasks)
    .where(and(eq(inboundTasks.whsId, whsId), eq(inboundTasks.taskNo, input.task_no!), eq(inboundTasks.kind, kind))).limit(1);
  if (!task?.asnNo) throw notFound(`Task ${input.task_no}`);
  return task.asnNo;
}

/** The handlers of qc.contract.ts. */
export const qcHandlers: Handlers<typeof qcContract> = {
  async getQcAsn(input, { db, session }) {
    return qcAsnView(db, session.whsId, await asnOfTask(db, session.whsId, input, INBOUND_TASK_KIND.values.QC));
  },
  saveQcRecord: (input, { db, session }) => db.transaction((tx) => saveQcRecord(tx, session, input)),
  completeQc: ({ asn_no }, { db, session }) => db.transaction((tx) => completeQc(tx, session, asn_no)),
};
