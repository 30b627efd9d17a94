/**
 * Where operators work: the scan-driven operation screens of spec §2. The demo operator role
 * holds exactly these, and the operator shell's home lists the ones a user may open.
 */
export const OPERATION_PATH_PREFIXES = [
  '/inbound/arriving', '/inbound/counting', '/inbound/boxing', '/inbound/qc', '/inbound/receiving',
  '/inbound/standardputaway', '/inbound/massputaway', '/inbound/parcelCounting',
  '/salesoutbound/picking', '/salesoutbound/sorting', '/salesoutbound/checking', '/salesoutbound/packing',
  '/salesoutbound/shipping', '/salesoutbound/mergeLane',
  '/inventorymanage/cc/cctask', '/inventorymanage/fsc/fsctask', '/inventorymanage/racktransfer/picking',
  '/inventorymanage/racktransfer/standardputaway', '/inventorymanage/racktransfer/massputaway',
] as const;

export const isOperationPath = (path: string): boolean => OPERATION_PATH_PREFIXES.some((prefix) => path.startsWith(prefix));
