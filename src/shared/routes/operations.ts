/**
 * Where operators work: the scan-driven operation screens of spec §2, as route-manifest paths. A
 * path covers its own route and the routes below it (`/inbound/receiving/reportexception`), never
 * a sibling that merely starts alike (`/inbound/qctask`, a task list). The demo operator role holds
 * exactly these, and the operator shell's home lists the ones a user may open.
 */
export const OPERATION_PATHS = [
  '/inbound/arriving', '/inbound/counting', '/inbound/boxing', '/inbound/qc', '/inbound/receiving',
  '/inbound/standardputaway', '/inbound/massputaway', '/inbound/parcelCounting', '/inbound/reprocess',
  '/returninbound/arrving', '/returninbound/qc',
  '/salesoutbound/picking', '/mtoutbound/picking', '/mtoutbound/checking', '/mtoutbound/packing/edit', '/mtoutbound/shipping', '/mtoutbound/shippingbybox', '/rtsoutbound/picking', '/salesoutbound/pickingTask', '/salesoutbound/sorting', '/salesoutbound/sortingwhilechecking',
  '/salesoutbound/checking', '/salesoutbound/packing', '/salesoutbound/shipping', '/salesoutbound/groupshipping', '/salesoutbound/mergeLane',
  '/salesoutbound/instantDelivery/pigeonhole',
  '/inventorymanage/cc/ccorder/count', '/inventorymanage/fsc/fsctask/count', '/inventorymanage/racktransfer/picking',
  '/inventorymanage/racktransfer/standardputaway', '/inventorymanage/racktransfer/massputaway',
] as const;

/** The path is an operation screen's, or one below it: whole segments match, a longer last segment does not. */
export const isOperationPath = (path: string): boolean =>
  OPERATION_PATHS.some((screen) => path === screen || path.startsWith(`${screen}/`));
