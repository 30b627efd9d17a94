import {
  IconAlertTriangle, IconArrowBackUp, IconArrowsExchange, IconBox, IconBuilding,
  IconBuildingWarehouse, IconChartBar, IconDeviceDesktop, IconGauge, IconHome, IconListCheck, IconMap,
  IconPackageImport, IconReceiptRefund, IconReport, IconRoute, IconSearch, IconSettings, IconTransferIn,
  IconTransferOut, IconTruckDelivery, IconUsers, IconVideo, type Icon,
} from '@tabler/icons-react';

/** Icons of the menu's top-level areas, by first path segment (spec §2). */
const AREA_ICONS: Record<string, Icon> = {
  home: IconHome,
  inbound: IconPackageImport,
  salesoutbound: IconTruckDelivery,
  mtoutbound: IconTransferOut,
  rtsoutbound: IconArrowBackUp,
  transfer: IconArrowsExchange,
  consumables: IconBox,
  returninbound: IconReceiptRefund,
  moveinbound: IconTransferIn,
  inventorymanage: IconBuildingWarehouse,
  inventorymap: IconMap,
  exceptioncenter: IconAlertTriangle,
  labormanagement: IconUsers,
  wk: IconUsers,
  controlmanagement: IconGauge,
  warehousemap: IconMap,
  query: IconSearch,
  devicemanagement: IconDeviceDesktop,
  cctv: IconVideo,
  linehaul: IconRoute,
  wes: IconChartBar,
  wmsconfig: IconSettings,
  reportcenter: IconReport,
  user: IconUsers,
  dashboard: IconChartBar,
  rulecenter: IconListCheck,
  wmsbasic: IconBuilding,
};

export function areaIcon(path: string): Icon | null {
  const first = path.split('/').find(Boolean)?.toLowerCase() ?? '';
  return AREA_ICONS[first] ?? null;
}

/** Up to two initials of a title, for areas without an icon in the collapsed sidebar. */
export function initialsOf(title: string): string {
  const words = title.split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? words.slice(0, 2).map((w) => [...w][0]) : [...(words[0] ?? '?')].slice(0, 2);
  return letters.join('').toUpperCase();
}
