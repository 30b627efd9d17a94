import { and, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { syncOps, syncStreams, users } from '../../db/schema';
import type { OpResult, QueuedOp, syncContract } from '../../../shared/contract/sync.contract';
import { accessHeld, accessPerms } from '../../../shared/contract/define';
import { RET } from '../../../shared/retcodes';
import { ApiError, badInput, notFound, permissionDenied } from '../../http/errors';
import type { Handlers } from '../../http/register';
import { permissionSet, userPermissionsExpr } from '../../common/access';
import { OP_KINDS, type OpContext, type ServerOp } from './ops';
import { canonicalJson, isUnstorableJson, opPayloadHash } from './payload-hash';

type OpOutcome = Pick<OpResult, 'retcode' | 'message' | 'data'> & { status: 'applied' | 'rejected' };

const rejected = (retcode: number, message: string, data: unknown = null): OpOutcome => ({ status: 'rejected', retcode, message, data });

function payloadIssues(error: z.ZodError) {
  const issues = error.issues.map((i) => ({ path: ['payload', ...i.path].join('.'), message: i.message }));
  return { issues, text: issues.map((i) => `${i.path}: ${i.message}`).join('; ') };
}

/**
 * Thrown out of a batch run without savepoints when an op refuses: its partial effects cannot be
 * undone alone, so the batch is rolled back and run again with a savepoint per op.
 */
class RefusalNeedsSavepoint extends Error {}

/** A new op checked before any op of the push is applied: refused at once, or ready with its kind and parsed payload. */
type CheckedOp = { refused: OpOutcome } | { kind: ServerOp; payload: unknown };

/** An unknown kind, a missing permission or a payload failing its schema is a rejection. */
function checkOp(kinds: ReadonlyMap<string, ServerOp>, op: QueuedOp, permissions: ReadonlySet<string>): CheckedOp {
  const kind = kinds.get(op.kind);
  if (!kind) return { refused: rejected(RET.UNKNOWN_API, `Unknown op kind ${op.kind}: this server cannot apply it. Update the app, or discard the op.`, { kind: op.kind }) };
  if (!accessHeld(kind.access, permissions)) {
    const denied = permissionDenied(accessPerms(kind.access));
    return { refused: rejected(denied.retcode, denied.message, denied.data) };
  }
  const parsed = kind.payload.safeParse(op.payload);
  if (!parsed.success) {
    const { issues, text } = payloadIssues(parsed.error);
    return { refused: rejected(RET.BAD_INPUT, `Invalid request: ${text}`, { issues }) };
  }
  return { kind, payload: parsed.data };
}

/**
 * Applies one op: an `ApiError` from its kind is its rejection, whose partial effects the
 * savepoint rolls back. Any other error escapes and fails the whole batch.
 */
async function applyOne(tx: Db, kind: ServerOp, payload: unknown, ctx: OpContext, savepoints: boolean): Promise<OpOutcome> {
  try {
    const data = savepoints
      ? await tx.transaction((savepoint) => kind.apply(savepoint, payload, ctx))
      : await kind.apply(tx, payload, ctx);
    return applied(data);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (!savepoints) throw new RefusalNeedsSavepoint();
    return rejected(error.retcode, error.message, error.data);
  }
}

const applied = (data: unknown): OpOutcome => ({ status: 'applied', retcode: RET.OK, message: 'success', data: data ?? null });

/** A new op of the push: where its answer goes, and what it is once checked. */
interface NewOp {
  at: number;
  op: QueuedOp;
  hash: string;
  storable: boolean;
  ctx: OpContext;
  checked: CheckedOp;
}

/**
 * Applies the push's new ops in seq order. Without savepoints, consecutive ready ops of a kind
 * with `applyRun` go together; any refusal then makes the push run again op by op.
 */
async function applyNewOps(tx: Db, ops: readonly NewOp[], savepoints: boolean): Promise<OpOutcome[]> {
  const outcomes: OpOutcome[] = [];
  for (let i = 0; i < ops.length;) {
    const { checked, ctx } = ops[i]!;
    if ('refused' in checked) {
      outcomes.push(checked.refused);
      i += 1;
      continue;
    }
    let end = i + 1;
    const kind = checked.kind;
    if (!savepoints && kind.applyRun) {
      while (end < ops.length && 'kind' in ops[end]!.checked && (ops[end]!.checked as { kind: ServerOp }).kind === kind) end += 1;
    }
    if (end - i === 1) {
      outcomes.push(await applyOne(tx, kind, checked.payload, ctx, savepoints));
    } else {
      const run = ops.slice(i, end).map((o) => ({ payload: (o.checked as { payload: unknown }).payload, ctx: o.ctx }));
      try {
        outcomes.push(...(await kind.applyRun!(tx, run)).map(applied));
      } catch (error) {
        if (error instanceof ApiError) throw new RefusalNeedsSavepoint();
        throw error;
      }
    }
    i = end;
  }
  return outcomes;
}

const conflict = (op: QueuedOp): OpResult => ({
  op_id: op.op_id, seq: op.seq, status: 'rejected', retcode: RET.OP_CONFLICT,
  message: `Op ${op.op_id} (seq ${op.seq}) differs from the op this device already sent under that id or sequence number: it was not applied.`,
  data: null,
});

const ms = (d: Date) => d.getTime();
const msOrNull = (d: Date | null) => (d ? d.getTime() : null);

/**
 * One push in one transaction. Ops run without savepoints first (a savepoint per op costs two
 * more statements, and over 64 subtransactions in one transaction slow every PostgreSQL snapshot); the rare
 * batch with a refusing op is rolled back and run again with a savepoint per op.
 */
async function pushBatch(
  db: Db, kinds: ReadonlyMap<string, ServerOp>, stream: { whsId: string; userId: number; deviceId: string }, ops: readonly QueuedOp[], savepoints: boolean,
): Promise<{ results: OpResult[]; acked_seq: number }> {
  const { whsId, userId, deviceId } = stream;
  return db.transaction(async (tx) => {
    // The upsert's DO UPDATE locks the stream row, so concurrent pushes of one stream run one after
    // another; the user's permissions come with it (they need no lock). Both drivers answer with `rows`.
    const { rows: [row] } = (await tx.execute(sql`insert into sync_streams (whs_id, device_id, user_id) values (${whsId}, ${deviceId}::uuid, ${userId}::int)
      on conflict (whs_id, device_id, user_id) do update set last_contact_at = now()
      returning acked_seq, ${userPermissionsExpr(userId, whsId)} as held`)) as unknown as { rows: [{ acked_seq: number | string; held: Parameters<typeof permissionSet>[0] }] };
    const ackedBefore = Number(row.acked_seq);
    const first = ops[0]!.seq;
    const contiguous = ops.every((op, i) => op.seq === first + i);
    const last = first + ops.length - 1;
    if (!contiguous || (last > ackedBefore && first > ackedBefore + 1)) {
      throw new ApiError(
        RET.OUT_OF_SEQUENCE,
        contiguous
          ? `Ops out of sequence: this device's next op is seq ${ackedBefore + 1}, the batch starts at ${first}. Resend from seq ${ackedBefore + 1}.`
          : `Ops out of sequence: a batch must hold consecutive seq numbers. Resend from seq ${ackedBefore + 1}.`,
        { acked_seq: ackedBefore },
      );
    }

    const recorded = new Map((await tx.select({
      opId: syncOps.opId, deviceId: syncOps.deviceId, userId: syncOps.userId, seq: syncOps.seq, payloadHash: syncOps.payloadHash,
      retcode: syncOps.retcode, message: syncOps.message, result: syncOps.result,
    }).from(syncOps).where(and(eq(syncOps.whsId, whsId), inArray(syncOps.opId, ops.map((op) => op.op_id))))).map((r) => [r.opId, r]));

    const permissions = permissionSet(row.held);
    const results: OpResult[] = [];
    const newOps: NewOp[] = [];
    const newIds = new Set<string>();
    let acked = ackedBefore;
    for (const op of ops) {
      const payloadJson = canonicalJson(op.payload);
      const hash = opPayloadHash(op.kind, payloadJson);
      const prior = recorded.get(op.op_id);
      if (op.seq <= ackedBefore) {
        const same = prior && prior.deviceId === deviceId && prior.userId === userId && prior.seq === op.seq && prior.payloadHash === hash;
        results.push(same
          ? { op_id: op.op_id, seq: op.seq, status: 'duplicate', retcode: prior.retcode, message: prior.message, data: prior.result ?? null }
          : conflict(op));
        continue;
      }
      acked = op.seq;
      // An id already used by another op cannot be recorded twice: answered, and its seq consumed so the queue moves on.
      if (prior || newIds.has(op.op_id)) {
        results.push(conflict(op));
        continue;
      }
      newIds.add(op.op_id);
      const storable = !isUnstorableJson(payloadJson);
      const checked: CheckedOp = storable
        ? checkOp(kinds, op, permissions)
        : {
          refused: rejected(RET.BAD_INPUT, 'Invalid request: payload: must not contain NUL characters or broken Unicode', {
            issues: [{ path: 'payload', message: 'must not contain NUL characters or broken Unicode' }],
          }),
        };
      const ctx = { whsId, userId, deviceId, opId: op.op_id, seq: op.seq, createdAt: new Date(op.created_at), perms: permissions };
      newOps.push({ at: results.length, op, hash, storable, ctx, checked });
      results.push({ op_id: op.op_id, seq: op.seq, status: 'rejected', retcode: RET.INTERNAL, message: '', data: null }); // answered below
    }
    const outcomes = await applyNewOps(tx, newOps, savepoints);
    const rows = newOps.map(({ at, op, hash, storable, ctx }, i) => {
      const outcome = outcomes[i]!;
      results[at] = { op_id: op.op_id, seq: op.seq, ...outcome };
      return {
        op_id: op.op_id, seq: op.seq, kind: op.kind, payload: storable ? op.payload : {}, payload_hash: hash, status: outcome.status,
        retcode: outcome.retcode, message: outcome.message, result: outcome.data ?? null, created_at: ctx.createdAt.toISOString(),
      };
    });
    // New ops lie past the acknowledged seq and so move it on: both in one statement. The
    // condition still names the rows, so no new op's record depends on that reasoning.
    // Every row in one parameter: a multi-row VALUES would be a parameter per field, each built and sent on its own.
    const record = rows.length === 0 ? sql`` : sql`with recorded as (
      insert into sync_ops (whs_id, device_id, user_id, op_id, seq, kind, payload, payload_hash, status, retcode, message, result, created_at)
      select ${whsId}, ${deviceId}::uuid, ${userId}::int, r.op_id, r.seq, r.kind, r.payload, r.payload_hash, r.status, r.retcode, r.message, r.result, r.created_at
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(op_id uuid, seq bigint, kind text, payload jsonb, payload_hash text, status text,
        retcode integer, message text, result jsonb, created_at timestamptz)) `;
    if (rows.length > 0 || acked !== ackedBefore) {
      await tx.execute(sql`${record}update sync_streams set acked_seq = ${acked}
        where whs_id = ${whsId} and device_id = ${deviceId}::uuid and user_id = ${userId}::int`);
    }
    return { results, acked_seq: acked };
  });
}

/** The sync endpoints applying ops of `kinds` (tests pass kinds of their own). */
export const syncHandlersWith = (kinds: ReadonlyMap<string, ServerOp>): Handlers<typeof syncContract> => ({
  async pushOps({ device_id: deviceId, ops }, { db, session }) {
    const stream = { whsId: session.whsId, userId: session.userId, deviceId };
    try {
      return await pushBatch(db, kinds, stream, ops, false);
    } catch (error) {
      if (error instanceof RefusalNeedsSavepoint) return pushBatch(db, kinds, stream, ops, true);
      throw error;
    }
  },

  async deviceHeartbeat(input, { db, session }) {
    const reported = {
      pending: input.pending,
      rejected: input.rejected,
      oldestPendingAt: input.oldest_pending_at === null ? null : new Date(input.oldest_pending_at),
      appVersion: input.app_version,
      userAgent: input.user_agent,
      lastContactAt: sql`now()`,
    };
    const [stream] = await db.insert(syncStreams).values({ whsId: session.whsId, deviceId: input.device_id, userId: session.userId, ...reported })
      .onConflictDoUpdate({ target: [syncStreams.whsId, syncStreams.deviceId, syncStreams.userId], set: reported })
      .returning({ ackedSeq: syncStreams.ackedSeq });
    return { acked_seq: stream!.ackedSeq, server_time: Date.now() };
  },

  async searchDeviceQueue(_input, { db, session }) {
    const unresolved = db.select({ deviceId: syncOps.deviceId, userId: syncOps.userId, n: sql<number>`count(*)::int`.as('n') })
      .from(syncOps)
      .where(and(eq(syncOps.whsId, session.whsId), eq(syncOps.status, 'rejected'), isNull(syncOps.resolvedAt)))
      .groupBy(syncOps.deviceId, syncOps.userId)
      .as('unresolved');
    const rows = await db.select({
      deviceId: syncStreams.deviceId, userId: syncStreams.userId, email: users.email, displayName: users.displayName,
      lastContactAt: syncStreams.lastContactAt, pending: syncStreams.pending, rejected: syncStreams.rejected,
      oldestPendingAt: syncStreams.oldestPendingAt, ackedSeq: syncStreams.ackedSeq, appVersion: syncStreams.appVersion, userAgent: syncStreams.userAgent,
      unresolved: sql<number>`coalesce(${unresolved.n}, 0)`.mapWith(Number),
    })
      .from(syncStreams)
      .innerJoin(users, eq(users.userId, syncStreams.userId))
      .leftJoin(unresolved, and(eq(unresolved.deviceId, syncStreams.deviceId), eq(unresolved.userId, syncStreams.userId)))
      .where(eq(syncStreams.whsId, session.whsId))
      .orderBy(desc(syncStreams.lastContactAt), syncStreams.deviceId, syncStreams.userId);
    return {
      server_time: Date.now(),
      list: rows.map((r) => ({
        device_id: r.deviceId, user_id: r.userId, email: r.email, display_name: r.displayName,
        last_contact_at: ms(r.lastContactAt), pending: r.pending, oldest_pending_at: msOrNull(r.oldestPendingAt),
        rejected_unresolved: r.unresolved, rejected_reported: r.rejected, acked_seq: r.ackedSeq,
        app_version: r.appVersion, user_agent: r.userAgent,
      })),
    };
  },

  async searchRejectedOps(input, { db, session }) {
    const conditions: SQL[] = [eq(syncOps.whsId, session.whsId), eq(syncOps.status, 'rejected')];
    if (input.status === 'unresolved') conditions.push(isNull(syncOps.resolvedAt));
    if (input.status === 'resolved') conditions.push(isNotNull(syncOps.resolvedAt));
    if (input.device_id) conditions.push(eq(syncOps.deviceId, input.device_id));
    if (input.user_id !== undefined) conditions.push(eq(syncOps.userId, input.user_id));
    const where = and(...conditions);
    const resolver = alias(users, 'resolver');
    const [rows, [total]] = await Promise.all([
      db.select({
        opId: syncOps.opId, deviceId: syncOps.deviceId, seq: syncOps.seq, kind: syncOps.kind, payload: syncOps.payload,
        retcode: syncOps.retcode, message: syncOps.message, userId: syncOps.userId, email: users.email, displayName: users.displayName,
        createdAt: syncOps.createdAt, appliedAt: syncOps.appliedAt, resolvedAt: syncOps.resolvedAt,
        resolvedByName: resolver.displayName, resolutionReason: syncOps.resolutionReason,
      })
        .from(syncOps)
        .innerJoin(users, eq(users.userId, syncOps.userId))
        .leftJoin(resolver, eq(resolver.userId, syncOps.resolvedBy))
        .where(where)
        .orderBy(desc(syncOps.appliedAt), desc(syncOps.seq))
        .limit(input.count)
        .offset((input.pageno - 1) * input.count),
      db.select({ n: count() }).from(syncOps).where(where),
    ]);
    return {
      total: total?.n ?? 0,
      list: rows.map((r) => ({
        op_id: r.opId, device_id: r.deviceId, seq: r.seq, kind: r.kind, payload: r.payload, retcode: r.retcode, message: r.message,
        user_id: r.userId, email: r.email, display_name: r.displayName, created_at: ms(r.createdAt), applied_at: ms(r.appliedAt),
        resolved_at: msOrNull(r.resolvedAt), resolved_by_name: r.resolvedByName, resolution_reason: r.resolutionReason,
      })),
    };
  },

  async resolveRejectedOp({ op_id: opId, reason }, { db, session }) {
    const [resolved] = await db.update(syncOps)
      .set({ resolvedAt: sql`now()`, resolvedBy: session.userId, resolutionReason: reason })
      .where(and(eq(syncOps.whsId, session.whsId), eq(syncOps.opId, opId), eq(syncOps.status, 'rejected'), isNull(syncOps.resolvedAt)))
      .returning({ resolvedAt: syncOps.resolvedAt });
    if (resolved?.resolvedAt) return { resolved_at: ms(resolved.resolvedAt) };
    const resolver = alias(users, 'resolver');
    const [op] = await db.select({ status: syncOps.status, resolvedAt: syncOps.resolvedAt, resolvedByName: resolver.displayName })
      .from(syncOps)
      .leftJoin(resolver, eq(resolver.userId, syncOps.resolvedBy))
      .where(and(eq(syncOps.whsId, session.whsId), eq(syncOps.opId, opId)));
    if (!op) throw notFound(`Op ${opId} of this warehouse`);
    if (op.status !== 'rejected') throw badInput('op_id', 'this op was applied; only rejected ops are resolved');
    throw badInput('op_id', `this op was already resolved by ${op.resolvedByName ?? 'another user'} at ${op.resolvedAt?.toISOString() ?? '-'}`);
  },
});

export const syncHandlers = syncHandlersWith(OP_KINDS);
