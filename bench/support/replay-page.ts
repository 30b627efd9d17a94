/** What the replay bench's page (bench/browser/replay-entry.ts) and the bench process say to each other. */

export interface FaultPlan {
  /** Chance that a push is dropped before it is sent. */
  dropBeforeSend: number;
  /** Chance that the answer of a push the server committed never arrives. */
  answerLost: number;
  /** Server kills with a push in flight (another is tried when one comes after the answer). */
  killsMidRequest: number;
  /** Pushes between two kills, drawn in this range. */
  killGap: readonly [number, number];
}

export interface FaultLog {
  pushes: number;
  dropped_before_send: number;
  answers_lost_after_commit: number;
  server_kills: number;
  /** Kills that came while the push was still unanswered (the others came just after its answer). */
  kills_mid_request: number;
  /** Calls that failed without an injected fault: the server was down or restarting. */
  failed_server_down: number;
  /** Ops the server answered "duplicate": resent after a lost answer or a kill after the commit, recognised and not applied again. */
  ops_answered_duplicate: number;
}

/** One op the device queues: an offline op's kind (an op the replay page knows) and its payload. */
export interface QueuedOp {
  kind: string;
  payload: unknown;
}

export interface OutboxContext {
  userId: number;
  whsId: string;
}

export interface QueueRequest {
  /** The device's IndexedDB database (one per drain, so each starts its stream at seq 1). */
  dbName: string;
  context: OutboxContext;
  /** Enqueued in this order. */
  ops: QueuedOp[];
}

export interface DrainRequest {
  dbName: string;
  context: OutboxContext;
  plan: FaultPlan | null;
  seed: number;
  retryCapMs: number;
  timeoutMs: number;
}

export interface DrainInPage {
  wallMs: number;
  /** What the drainer's backoff asked to wait in total (each wait was capped). */
  backoffRequestedMs: number;
  deviceId: string;
  opIds: string[];
  /** Ops per outbox state once drained (all done when nothing was refused). */
  states: Record<string, number>;
  faults: FaultLog | null;
}

export interface ReplayPage {
  signIn(email: string, password: string): Promise<{ whs_id: string; user_id: number }>;
  queue(request: QueueRequest): Promise<number[]>;
  drain(request: DrainRequest): Promise<DrainInPage>;
}
