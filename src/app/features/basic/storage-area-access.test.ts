import { describe, expect, it } from 'vitest';
import { storageAreaPerm } from '../../../shared/routes/derive';
import { resolveAccess, type AccessState } from '../../routes/access';
import { isBuilt } from '../../routes/screens';

/**
 * Storage Area Setting with the screens actually built (spec §2, §6): the page opens the first
 * tab the user may open, falls back to zonecluster, and whsplanning shows only while the
 * warehouse has the fulfilment chain on.
 */
const ALL_TABS = ['whsplanning', 'zonecluster', 'park', 'inboundStagingLocation', 'outboundStagingLocation', 'rtStagingLocation', 'storey', 'zone', 'logicArea', 'pathway', 'cell'];
const state = (tabs: string[], flags: string[] = []): AccessState => ({
  perms: new Set(tabs.map((tab) => storageAreaPerm(tab))),
  flags: new Set(flags),
  isBuilt,
});
const PAGE = '/wmsbasic/storageAreaSetting';

describe('Storage Area Setting access', () => {
  it('opens the first permitted tab, the fulfilment chain flag on or off', () => {
    expect(resolveAccess(PAGE, state(ALL_TABS))).toEqual({ kind: 'redirect', to: '/wmsbasic/zonecluster' });
    expect(resolveAccess(PAGE, state(ALL_TABS, ['fulfilChain']))).toEqual({ kind: 'redirect', to: '/wmsbasic/whsplanning' });
    expect(resolveAccess(PAGE, state(['cell', 'storey'], ['storeyNameSetup']))).toEqual({ kind: 'redirect', to: '/wmsbasic/storey' });
    // The storey tab shows only where the warehouse sets storey names up.
    expect(resolveAccess(PAGE, state(['cell', 'storey']))).toEqual({ kind: 'redirect', to: '/wmsbasic/cell' });
    expect(resolveAccess(PAGE, state(['whsplanning', 'pathway'], ['fulfilChain']))).toEqual({ kind: 'redirect', to: '/wmsbasic/whsplanning' });
    expect(resolveAccess(PAGE, state(['whsplanning', 'pathway']))).toEqual({ kind: 'redirect', to: '/wmsbasic/pathway' });
  });

  it('sends an unpermitted tab to the first permitted one; nothing permitted is 403', () => {
    expect(resolveAccess('/wmsbasic/zone', state(['cell']))).toEqual({ kind: 'redirect', to: '/wmsbasic/cell' });
    expect(resolveAccess('/wmsbasic/cell', state(['park', 'cell'])).kind).toBe('ok');
    expect(resolveAccess(PAGE, state([]))).toEqual({ kind: 'forbidden' });
    expect(resolveAccess('/wmsbasic/park', state([]))).toEqual({ kind: 'forbidden' });
  });

  it('opens whsplanning only with the fulfilment chain on', () => {
    expect(resolveAccess('/wmsbasic/whsplanning', state(ALL_TABS, ['fulfilChain'])).kind).toBe('ok');
    expect(resolveAccess('/wmsbasic/whsplanning', state(ALL_TABS)).kind).not.toBe('ok');
  });

  it('opens the detail pages with the tab\'s permission, and the forms only with theirs', () => {
    expect(resolveAccess('/wmsbasic/zone/detail', state(['zone'])).kind).toBe('ok');
    expect(resolveAccess('/wmsbasic/cell/detail', state(['zone']))).toEqual({ kind: 'forbidden' });
    const editor: AccessState = { ...state(['zone']), perms: new Set([storageAreaPerm('zone'), storageAreaPerm('zone', 'Edit')]) };
    expect(resolveAccess('/wmsbasic/zone/edit', state(['zone']))).toEqual({ kind: 'forbidden' });
    expect(resolveAccess('/wmsbasic/zone/edit', editor).kind).toBe('ok');
  });
});
