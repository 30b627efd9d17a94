import { ACTIVE_STATUS, CHECKING_STATION_MODE, DOCK_STATUS, DOCK_TYPE, MERCHANT_TYPE, SHOP_TYPE, STATION_STATUS, STATION_TYPE } from '../../../shared/codes';
import type { Tx } from '../../db/client';
import { categoryNodes, docks, merchants, shopGroups, shops, stations } from '../../db/schema';

/** Demo merchants: name and whether they sell cross-border (from CN). */
const MERCHANTS = [
  ['Everyday Mart', false], ['Urban Threads', false], ['Gadget Hub', false], ['Little Steps Baby', false],
  ['Glow Beauty', false], ['Shenzhen Direct', true], ['Yiwu Wholesale', true], ['Home & Living Co', false],
  ['Motor Parts Depot', false], ['Guangzhou Fashion Export', true],
] as const;

/** Shop groups, and the shops of each: the demo's 25 shops fall into four groups (two stay ungrouped). */
const GROUPS = [
  ['GRP-MALL', 'Official Mall Shops', 'Brand-owned stores with priority handling'],
  ['GRP-PREF', 'Preferred Sellers', 'Sellers with a good service record'],
  ['GRP-CB', 'Cross-border Sellers', 'Shops shipping from overseas hubs'],
  ['GRP-SME', 'Local SMEs', 'Small local businesses'],
] as const;

const SHOP_SUFFIXES = ['Official Store', 'Outlet', 'Express'] as const;

/** Number of demo shops per warehouse. */
export const DEMO_SHOPS_PER_WAREHOUSE = 25;

/** The demo SKU category tree: L1 names match the demo SKUs' categories; one branch goes down to L5. */
const CATEGORY_TREE: Record<string, Record<string, string[]>> = {
  Groceries: { 'Rice & Grains': ['Jasmine Rice', 'Brown Rice'], 'Coffee & Tea': ['Coffee Beans', 'Tea Leaves'], 'Cooking Essentials': [] },
  Dairy: { Milk: [], Cheese: [] },
  'Frozen Food': { 'Dumplings & Buns': [] },
  Snacks: { Chocolate: [], Chips: [] },
  Electronics: { 'Mobile Phones': ['Smartphones', 'Feature Phones'], Audio: ['Earbuds', 'Speakers'], Accessories: ['Cables', 'Chargers'] },
  Fashion: { 'Men Clothing': ['T-Shirts'], Shoes: ['Running Shoes'] },
  'Baby Care': { Diapers: [] },
  Beauty: { 'Hair Care': [], 'Sun Care': [] },
  Health: { Vitamins: [] },
  'Home Appliances': { 'Kitchen Appliances': ['Rice Cookers'], Cooling: [] },
  Office: { 'Paper Products': [] },
  Automotive: { 'Oils & Fluids': [] },
};
/** Below Electronics > Mobile Phones > Smartphones: L4 and L5. */
const DEEP_BRANCH = ['Android Phones', '5G Android Phones'] as const;

type CategoryRow = typeof categoryNodes.$inferInsert;

function demoCategories(whsId: string): CategoryRow[] {
  const rows: CategoryRow[] = [];
  const add = (categoryId: string, parentId: string | null, level: number, categoryName: string, sortOrder: number) =>
    rows.push({ whsId, categoryId, parentId, level, categoryName, sortOrder });
  // Ids carry their ancestry: C05 > C0501 > C050101 …
  Object.entries(CATEGORY_TREE).forEach(([l1, children], i) => {
    const id1 = `C${String(i + 1).padStart(2, '0')}`;
    add(id1, null, 1, l1, i);
    Object.entries(children).forEach(([l2, leaves], j) => {
      const id2 = `${id1}${String(j + 1).padStart(2, '0')}`;
      add(id2, id1, 2, l2, j);
      leaves.forEach((l3, k) => {
        const id3 = `${id2}${String(k + 1).padStart(2, '0')}`;
        add(id3, id2, 3, l3, k);
        if (l3 === 'Smartphones') {
          DEEP_BRANCH.reduce((parent, name, d) => {
            const id = `${parent}01`;
            add(id, parent, 4 + d, name, 0);
            return id;
          }, id3);
        }
      });
    });
  });
  return rows;
}

/** Station ids by type, how many of each, and the checking stations' modes in turn. */
const STATIONS = [
  [STATION_TYPE.values.CHECKING, 'CHK', 'Checking', 4],
  [STATION_TYPE.values.PACKING, 'PCK', 'Packing', 4],
  [STATION_TYPE.values.SORTING, 'SRT', 'Sorting', 2],
  [STATION_TYPE.values.MERGE_LANE, 'MRG', 'Merge Lane', 2],
  [STATION_TYPE.values.PRE_SORTING, 'PRS', 'Pre-sorting', 2],
  [STATION_TYPE.values.BOXING, 'BOX', 'Boxing', 2],
  [STATION_TYPE.values.QC, 'QC', 'QC', 2],
] as const;
const CHECKING_MODES = [
  CHECKING_STATION_MODE.values.CHECKING, CHECKING_STATION_MODE.values.SORT_WHILE_CHECKING,
  CHECKING_STATION_MODE.values.MASS_CHECKING, CHECKING_STATION_MODE.values.CHECKING,
];
const STATION_USERS = ['operator@demo.local', 'supervisor@demo.local', null] as const;

function demoStations(whsId: string) {
  let n = 0;
  return STATIONS.flatMap(([stationType, prefix, name, count]) => Array.from({ length: count }, (_, i) => {
    n += 1;
    return {
      whsId,
      stationId: `${prefix}-${String(i + 1).padStart(2, '0')}`,
      stationName: `${name} Station ${i + 1}`,
      stationType,
      checkingMode: stationType === STATION_TYPE.values.CHECKING ? CHECKING_MODES[i]! : null,
      status: n % 9 === 0 ? STATION_STATUS.values.DISABLED : STATION_STATUS.values.ENABLED,
      assignedUser: STATION_USERS[n % STATION_USERS.length]!,
    };
  }));
}

const DOCKS = [
  ['D01', 'Inbound Door 1', DOCK_TYPE.values.INBOUND, DOCK_STATUS.values.AVAILABLE, 'IB-A', 1],
  ['D02', 'Inbound Door 2', DOCK_TYPE.values.INBOUND, DOCK_STATUS.values.OCCUPIED, 'IB-A', 1],
  ['D03', 'Inbound Door 3', DOCK_TYPE.values.INBOUND, DOCK_STATUS.values.AVAILABLE, 'IB-B', 2],
  ['D04', 'Container Bay', DOCK_TYPE.values.INBOUND, DOCK_STATUS.values.DISABLED, 'IB-B', 1],
  ['D05', 'Outbound Door 1', DOCK_TYPE.values.OUTBOUND, DOCK_STATUS.values.AVAILABLE, 'OB-A', 2],
  ['D06', 'Outbound Door 2', DOCK_TYPE.values.OUTBOUND, DOCK_STATUS.values.OCCUPIED, 'OB-A', 2],
  ['D07', 'Line Haul Door', DOCK_TYPE.values.OUTBOUND, DOCK_STATUS.values.AVAILABLE, 'OB-B', 3],
  ['D08', 'Cross Dock', DOCK_TYPE.values.BOTH, DOCK_STATUS.values.AVAILABLE, 'XD', 2],
] as const;

/**
 * The catalog of each demo warehouse: 10 merchants (M<CC>001…), 4 shop groups, 25 shops
 * (SH<CC>0001…), the category tree, 8 docks and stations of every type.
 */
export async function seedDemoCatalog(tx: Tx, whsIds: readonly string[]): Promise<void> {
  for (const whsId of whsIds) {
    const country = whsId.slice(0, 2);
    const merchantRows = MERCHANTS.map(([name, crossBorder], i) => ({
      whsId,
      merchantId: `M${country}${String(i + 1).padStart(3, '0')}`,
      merchantName: name,
      merchantType: crossBorder ? MERCHANT_TYPE.values.CROSS_BORDER : MERCHANT_TYPE.values.LOCAL,
      country: crossBorder ? 'CN' : country,
      status: i === 8 ? ACTIVE_STATUS.values.INACTIVE : ACTIVE_STATUS.values.ACTIVE,
      contactName: `${name.split(' ')[0]} Account Manager`,
      contactEmail: `seller${i + 1}@merchant.example`,
      phone: `+00 5550 ${String(2000 + i)}`,
    }));
    await tx.insert(merchants).values(merchantRows);

    const shopRows = Array.from({ length: DEMO_SHOPS_PER_WAREHOUSE }, (_, i) => {
      const merchant = merchantRows[i % merchantRows.length]!;
      const crossBorder = merchant.merchantType === MERCHANT_TYPE.values.CROSS_BORDER;
      const shopType = i % 5 === 0 ? SHOP_TYPE.values.OFFICIAL : i % 5 === 1 ? SHOP_TYPE.values.PREFERRED : SHOP_TYPE.values.REGULAR;
      const groupId = i >= 23 ? null
        : crossBorder ? 'GRP-CB'
          : shopType === SHOP_TYPE.values.OFFICIAL ? 'GRP-MALL' : shopType === SHOP_TYPE.values.PREFERRED ? 'GRP-PREF' : 'GRP-SME';
      return {
        whsId,
        shopId: `SH${country}${String(i + 1).padStart(4, '0')}`,
        shopName: `${merchant.merchantName} ${SHOP_SUFFIXES[Math.floor(i / merchantRows.length)]!}`,
        merchantId: merchant.merchantId,
        groupId,
        shopType,
        isCrossBorder: crossBorder ? 1 : 0,
        status: i % 8 === 7 ? ACTIVE_STATUS.values.INACTIVE : ACTIVE_STATUS.values.ACTIVE,
        contactEmail: `shop${i + 1}@merchant.example`,
        phone: `+00 5551 ${String(3000 + i)}`,
        remark: i % 6 === 0 ? 'Fragile items: pack with bubble wrap' : null,
      };
    });
    await tx.insert(shopGroups).values(GROUPS.map(([groupId, groupName, description]) => ({
      whsId, groupId, groupName, description, shopCount: shopRows.filter((s) => s.groupId === groupId).length,
    })));
    await tx.insert(shops).values(shopRows);
    await tx.insert(categoryNodes).values(demoCategories(whsId));
    await tx.insert(docks).values(DOCKS.map(([dockCode, dockName, dockType, status, zone, maxVehicles]) => ({
      whsId, dockCode, dockName, dockType, status, zone, maxVehicles, remark: dockType === DOCK_TYPE.values.BOTH ? 'Transfers between line hauls' : null,
    })));
    await tx.insert(stations).values(demoStations(whsId));
  }
}
