import { describe, expect, it } from 'vitest';
import { RTS_STATUS } from '../codes';
import { OUTBOUND_DOC_LIFECYCLE, canMove, isFinal } from '../lifecycles';
import { DOC, docAllocatable, docCancellable, docEditable, docReleasable, mayDecide } from './doc-lifecycle';

describe('outbound order document lifecycle', () => {
  it('walks pending → approved → allocated → outbounding → shipping → in transit → done', () => {
    const path = [DOC.PENDING, DOC.APPROVED, DOC.ALLOCATED, DOC.OUTBOUNDING, DOC.SHIPPING, DOC.IN_TRANSIT, DOC.DONE];
    for (let i = 1; i < path.length; i++) expect(canMove(OUTBOUND_DOC_LIFECYCLE, path[i - 1]!, path[i]!)).toBe(true);
    expect(canMove(OUTBOUND_DOC_LIFECYCLE, DOC.IN_TRANSIT, DOC.INBOUNDING)).toBe(true);
  });

  it('never skips a step or goes back', () => {
    expect(canMove(OUTBOUND_DOC_LIFECYCLE, DOC.PENDING, DOC.ALLOCATED)).toBe(false);
    expect(canMove(OUTBOUND_DOC_LIFECYCLE, DOC.APPROVED, DOC.PENDING)).toBe(false);
    expect(canMove(OUTBOUND_DOC_LIFECYCLE, DOC.ALLOCATED, DOC.SHIPPING)).toBe(false);
    expect(canMove(OUTBOUND_DOC_LIFECYCLE, DOC.REJECTED, DOC.APPROVED)).toBe(false);
  });

  it('cancels only before picking begins; rejected, cancelled and done are final', () => {
    const cancellable = RTS_STATUS.options.map((o) => o.value).filter(docCancellable);
    expect(cancellable).toEqual([DOC.PENDING, DOC.APPROVED, DOC.ALLOCATED]);
    for (const s of [DOC.REJECTED, DOC.CANCEL, DOC.DONE]) expect(isFinal(OUTBOUND_DOC_LIFECYCLE, s)).toBe(true);
    expect(isFinal(OUTBOUND_DOC_LIFECYCLE, DOC.OUTBOUNDING)).toBe(false);
  });

  it('edits while pending, allocates once approved, releases once allocated', () => {
    expect(RTS_STATUS.options.map((o) => o.value).filter(docEditable)).toEqual([DOC.PENDING]);
    expect(RTS_STATUS.options.map((o) => o.value).filter(docAllocatable)).toEqual([DOC.APPROVED]);
    expect(RTS_STATUS.options.map((o) => o.value).filter(docReleasable)).toEqual([DOC.ALLOCATED]);
  });

  it('keeps the creator from deciding their own document', () => {
    expect(mayDecide(7, 7)).toBe(false);
    expect(mayDecide(7, 8)).toBe(true);
    expect(mayDecide(null, 8)).toBe(true);
  });
});
