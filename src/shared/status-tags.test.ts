import { describe, expect, it } from 'vitest';
import { statusTagColor } from './status-tags';

describe('statusTagColor', () => {
  it.each([
    ['Adjusting', 'info'], ['pending pick', 'info'], ['PMS Approving', 'info'], ['bdconfirm', 'info'],
    ['Done', 'success'], ['takeover', 'success'],
    ['Pick Fail', 'danger'], ['cancelled', 'danger'], ['Priority', 'danger'], ['labelling', 'danger'],
    ['Repackaging', 'warning'], ['Unarrived', 'warning'],
    ['Invalid Selling Type', 'primary'], ['PCS', 'primary'], ['weighing', 'primary'],
  ] as const)('%s is %s', (text, color) => {
    expect(statusTagColor(text)).toBe(color);
  });

  it('lets success win for "picked", listed under both info and success', () => {
    expect(statusTagColor('Picked')).toBe('success');
    expect(statusTagColor('Picking')).toBe('info');
  });

  it('ignores case and surrounding space', () => {
    expect(statusTagColor('  DONE ')).toBe('success');
    expect(statusTagColor('sHiPpInG')).toBe('info');
    expect(statusTagColor('Pending   Pick')).toBe('info');
  });

  it('matches code names like their labels', () => {
    expect(statusTagColor('PICK_FAIL')).toBe('danger');
    expect(statusTagColor('PENDING_PICK')).toBe('info');
  });

  it('is default for the listed default texts and anything unlisted', () => {
    expect(statusTagColor('Created')).toBe('default');
    expect(statusTagColor('pedding')).toBe('default');
    expect(statusTagColor('In Transit')).toBe('default');
    expect(statusTagColor('')).toBe('default');
    expect(statusTagColor('done!')).toBe('default');
  });
});
