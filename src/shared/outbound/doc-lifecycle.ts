import { RTS_STATUS, type CodeOf } from '../codes';
import { canMove, OUTBOUND_DOC_LIFECYCLE } from '../lifecycles';

/**
 * What each stage of an outbound order document (MT, RTS: OUTBOUND_DOC_LIFECYCLE) allows, for the
 * server's checks and the screens' buttons alike. Pure.
 */

export type DocStatus = CodeOf<typeof RTS_STATUS>;
export const DOC = RTS_STATUS.values;

/** Its lines, destination and remark change only while it waits for approval. */
export const docEditable = (status: number): boolean => status === DOC.PENDING;

/** Approved or rejected only while pending. */
export const docAwaitsApproval = (status: number): boolean => status === DOC.PENDING;

/** Stock is reserved for it once approved. */
export const docAllocatable = (status: number): boolean => status === DOC.APPROVED;

/** Its tasks are made once it is allocated. */
export const docReleasable = (status: number): boolean => status === DOC.ALLOCATED;

/** Cancelled before it is released to picking (allocations, if any, are released). */
export const docCancellable = (status: number): boolean => canMove(OUTBOUND_DOC_LIFECYCLE, status as DocStatus, DOC.CANCEL);

/**
 * Whether an approver may decide a document: never the one who created it (four eyes; the
 * permission alone is not enough). Documents made by the system (no creator) may be approved by anyone permitted.
 */
export const mayDecide = (createdBy: number | null, approverId: number): boolean => createdBy === null || createdBy !== approverId;
