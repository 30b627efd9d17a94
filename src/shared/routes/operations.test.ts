import { describe, expect, it } from 'vitest';
import { ROUTES } from './manifest';
import { OPERATION_PATHS, isOperationPath } from './operations';

describe('operation screens', () => {
  it('match whole path segments: a screen and the pages below it, not a sibling that starts alike', () => {
    expect(isOperationPath('/inbound/qc')).toBe(true);
    expect(isOperationPath('/inbound/receiving/reportexception')).toBe(true);
    expect(isOperationPath('/inbound/qctask')).toBe(false);
    expect(isOperationPath('/inbound/qctask/detail/$id')).toBe(false);
    expect(isOperationPath('/inbound/boxingtask')).toBe(false);
    expect(isOperationPath('/inbound/reprocesstask/labelling')).toBe(false);
    expect(isOperationPath('/inbound')).toBe(false);
  });

  it('each names a route of the manifest, itself or the parent of its routes', () => {
    const missing = OPERATION_PATHS.filter((screen) => !ROUTES.some((r) => r.path === screen || r.path.startsWith(`${screen}/`)));
    expect(missing).toEqual([]);
  });

  it('are these routes of the manifest (what the demo operator role holds)', () => {
    expect(ROUTES.filter((r) => isOperationPath(r.path)).map((r) => r.path).sort()).toEqual([
      '/inbound/arriving', '/inbound/boxing', '/inbound/counting', '/inbound/massputaway', '/inbound/massputaway/reportexception',
      '/inbound/parcelCounting', '/inbound/qc', '/inbound/receiving', '/inbound/receiving/reportexception', '/inbound/reprocess/{-$task_id}',
      '/inbound/standardputaway', '/inbound/standardputaway/reportexception',
      '/inventorymanage/cc/ccorder/count', '/inventorymanage/fsc/fsctask/count',
      '/inventorymanage/racktransfer/massputaway', '/inventorymanage/racktransfer/picking', '/inventorymanage/racktransfer/standardputaway',
      '/mtoutbound/checking/{-$picking_id}', '/mtoutbound/packing/edit/{-$packingId}/{-$palletId}', '/mtoutbound/picking/{-$pickup_id}',
      '/mtoutbound/shipping/{-$shippingId}', '/mtoutbound/shipping/detail/$shippingId', '/mtoutbound/shippingbybox/{-$shippingId}',
      '/returninbound/arrving', '/returninbound/qc', '/rtsoutbound/picking/{-$id}',
      '/salesoutbound/checking', '/salesoutbound/groupshipping', '/salesoutbound/groupshipping/detail/$id', '/salesoutbound/instantDelivery/pigeonhole', '/salesoutbound/mergeLane', '/salesoutbound/packing', '/salesoutbound/picking/{-$pickup_id}',
      '/salesoutbound/pickingTask', '/salesoutbound/shipping', '/salesoutbound/shipping/detail/$id', '/salesoutbound/sorting',
      '/salesoutbound/sortingwhilechecking',
    ].sort());
  });
});
