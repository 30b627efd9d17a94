import { count } from 'drizzle-orm';
import type { Db } from './client';
import { seedDemoSkus } from '../modules/basic/sku.seed';
import { seedDemoCatalog } from '../modules/basic/catalog.seed';
import { seedDemoStorageArea } from '../modules/basic/storage-area.seed';
import { seedDemoStock } from '../modules/inventory/inventory.seed';
import { seedDemoInbound } from '../modules/inbound/asn.seed';
import { seedDemoCounting } from '../modules/inbound/counting.seed';
import { seedDemoVas } from '../modules/inbound/vas.seed';
import { seedDemoReturns } from '../modules/inbound/return-order.seed';
import { seedDemoOutbound } from '../modules/outbound/outbound.seed';
import { seedDemoMtOrders } from '../modules/outbound/mt-order.seed';
import { seedDemoPackedMtOrder } from '../modules/outbound/mt-shipping.seed';
import { seedDemoRtsOrders } from '../modules/outbound/rts-order.seed';
import { seedDemoTransferRequests } from '../modules/outbound/transfer-request.seed';
import { seedDemoOutboundRules } from '../modules/outbound/outbound-rules.seed';
import { seedDemoConsumables } from '../modules/consumables/consumables.seed';
import { seedDemoMergeArrivals, seedDemoMergeRules } from '../modules/outbound/merging.seed';
import { seedDemoSortingRules } from '../modules/outbound/sorting.seed';
import { seedDemoPrintSettings } from '../modules/config/print.seed';
import { seedDemoHandovers, seedDemoShippingRules } from '../modules/outbound/shipping.seed';
import { seedDemoInstantDelivery } from '../modules/outbound/instant-delivery.seed';
import { seedDemoAbc } from '../modules/inventory/abc.seed';
import { seedDemoCycleCounts } from '../modules/inventory/cycle-count.seed';
import { seedDemoTransit } from '../modules/inventory/transit.seed';
import { confValues, rolePermissions, roles, staffDepartments, suppliers, userWarehouses, users, warehouseSwitchTimes, warehouses, wfmDepartments } from './schema';
import { DUMMY_HASH, hashPassword } from '../common/passwords';
import { hashPasswordForTransport } from '../../shared/password-hash';
import { ROUTES } from '../../shared/routes/manifest';
import { permOf } from '../../shared/routes/derive';
import { ALL_PERMISSIONS, OPERATION_PERMISSIONS } from '../../shared/permissions';
import { STAFF_EMPLOYMENT, USER_KIND } from '../../shared/codes';

export const DEMO_PASSWORD = 'Demo1234';

export const DEMO_WAREHOUSES = [
  { whsId: 'SGSIN1', whsName: 'Singapore Tuas DC', timeRegion: 'Asia/Singapore', whsNo: '101' },
  { whsId: 'IDJKT1', whsName: 'Jakarta Cikarang FC', timeRegion: 'Asia/Jakarta', whsNo: '201' },
  { whsId: 'MYKUL1', whsName: 'Kuala Lumpur Shah Alam FC', timeRegion: 'Asia/Kuala_Lumpur', whsNo: '301' },
  { whsId: 'THBKK1', whsName: 'Bangkok Bang Na FC', timeRegion: 'Asia/Bangkok', whsNo: '401' },
  { whsId: 'PHMNL1', whsName: 'Manila Laguna FC', timeRegion: 'Asia/Manila', whsNo: '501' },
  { whsId: 'VNHCM1', whsName: 'Ho Chi Minh Cu Chi RMS', timeRegion: 'Asia/Ho_Chi_Minh', whsNo: '601' },
];

/**
 * What a supervisor does not administer: the user area, and the user and role pages of System
 * Config with their actions (`PC.Wmsconfig.Userlist.View` also excludes `PC.Wmsconfig.Userlist.Edit`…).
 */
const SUPERVISOR_EXCLUDED_PREFIXES = [
  'PC.User.',
  ...ROUTES.filter((r) => ['/wmsconfig/userlist', '/wmsconfig/userrole', '/wmsconfig/rolelist', '/wmsconfig/roledetail'].includes(r.path))
    .map((r) => permOf(r)?.replace(/View$/, ''))
    .filter((prefix): prefix is string => Boolean(prefix)),
];
const supervisorHolds = (perm: string) => !SUPERVISOR_EXCLUDED_PREFIXES.some((prefix) => perm.startsWith(prefix));

/** Workforce departments every demo warehouse has (get_wfm_department_list). */
export const DEMO_DEPARTMENTS = ['Inbound', 'Outbound', 'Inventory Control', 'Returns'] as const;

interface DemoAccount {
  email: string;
  displayName: string;
  superAdmin: boolean;
  role: 'Administrator' | 'Supervisor' | 'Operator';
  warehouses: readonly string[];
  /** The account's department in the warehouses it has one in. */
  departments: Readonly<Record<string, (typeof DEMO_DEPARTMENTS)[number]>>;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'admin@demo.local', displayName: 'Ada Admin', superAdmin: true, role: 'Administrator', warehouses: DEMO_WAREHOUSES.map((w) => w.whsId), departments: {} },
  {
    email: 'supervisor@demo.local', displayName: 'Sam Supervisor', superAdmin: false, role: 'Supervisor', warehouses: ['SGSIN1', 'IDJKT1', 'VNHCM1'],
    departments: { SGSIN1: 'Inventory Control', IDJKT1: 'Inventory Control', VNHCM1: 'Outbound' },
  },
  {
    email: 'operator@demo.local', displayName: 'Oki Operator', superAdmin: false, role: 'Operator', warehouses: ['SGSIN1', 'IDJKT1'],
    departments: { SGSIN1: 'Inbound', IDJKT1: 'Outbound' },
  },
];

/**
 * Staff of the demo warehouses besides the demo accounts, so the user list shows every user kind
 * of spec §1: outsourced (BPO) pickers of staffing agencies and own staff synced to the
 * business-user system (docs/user-admin.md). Nobody knows their passwords: an administrator hands
 * one out with Reset Password. Only where the demo supervisor and operator work.
 */
interface DemoStaff {
  email: string;
  displayName: string;
  localName: string;
  kind: 'BPO' | 'SYNCED';
  whsId: string;
  role: 'Supervisor' | 'Operator';
  department: (typeof DEMO_DEPARTMENTS)[number];
  employment: keyof typeof STAFF_EMPLOYMENT.values;
}

export const DEMO_STAFF: readonly DemoStaff[] = [
  { email: 'arif.rahman@manpower-sg.example', displayName: 'Arif Rahman', localName: '', kind: 'BPO', whsId: 'SGSIN1', role: 'Operator', department: 'Inbound', employment: 'CONTRACT' },
  { email: 'tan.mei.ling@manpower-sg.example', displayName: 'Tan Mei Ling', localName: '陈美玲', kind: 'BPO', whsId: 'SGSIN1', role: 'Operator', department: 'Outbound', employment: 'TEMPORARY' },
  { email: 'daniel.lim@staff.tally.example', displayName: 'Daniel Lim', localName: '林大伟', kind: 'SYNCED', whsId: 'SGSIN1', role: 'Supervisor', department: 'Returns', employment: 'PERMANENT' },
  { email: 'budi.santoso@outsource-id.example', displayName: 'Budi Santoso', localName: '', kind: 'BPO', whsId: 'IDJKT1', role: 'Operator', department: 'Inbound', employment: 'CONTRACT' },
  { email: 'rina.wijaya@staff.tally.example', displayName: 'Rina Wijaya', localName: '', kind: 'SYNCED', whsId: 'IDJKT1', role: 'Operator', department: 'Returns', employment: 'PERMANENT' },
  { email: 'nguyen.van.an@nhanluc-vn.example', displayName: 'Nguyen Van An', localName: 'Nguyễn Văn An', kind: 'BPO', whsId: 'VNHCM1', role: 'Operator', department: 'Outbound', employment: 'CONTRACT' },
  { email: 'tran.thi.mai@staff.tally.example', displayName: 'Tran Thi Mai', localName: 'Trần Thị Mai', kind: 'SYNCED', whsId: 'VNHCM1', role: 'Operator', department: 'Inbound', employment: 'PERMANENT' },
];

function rolePerms(role: string): string[] {
  if (role === 'Supervisor') return ALL_PERMISSIONS.filter(supervisorHolds);
  // The operation screens and their work (counting, putaway…), nothing else.
  if (role === 'Operator') return [...OPERATION_PERMISSIONS];
  return [];
}

/** Fills an empty database with demo warehouses, roles and accounts. Returns false when data exists. */
const SUPPLIER_NAMES = [
  'Nusantara Foods', 'Lion City Electronics', 'Saigon Home Goods', 'Bangkok Beauty Co', 'Manila Paper Mills',
  'Penang Plastics', 'Shenzhen Gadget Works', 'Taipei Tea Traders', 'Java Coffee Roasters', 'Mekong Textiles',
  'Selangor Snacks', 'Cebu Crafts', 'Chiang Mai Ceramics', 'Surabaya Spices', 'Hanoi Footwear',
];

/** 30 suppliers per demo warehouse: varied names and countries, every fifth inactive. */
function demoSuppliers(whsId: string) {
  const country = whsId.slice(0, 2);
  return Array.from({ length: 30 }, (_, i) => {
    const name = SUPPLIER_NAMES[i % SUPPLIER_NAMES.length]!;
    return {
      whsId,
      supplierId: `SUP${country}${String(i + 1).padStart(4, '0')}`,
      supplierName: i < SUPPLIER_NAMES.length ? name : `${name} ${Math.floor(i / SUPPLIER_NAMES.length) + 1}`,
      country: i % 3 === 0 ? country : ['CN', 'TH', 'VN', 'ID', 'MY'][i % 5]!,
      status: i % 5 === 4 ? 2 : 1,
      contactName: `Contact ${i + 1}`,
      phone: `+65 6000 ${String(1000 + i)}`,
      email: `orders${i + 1}@supplier.example`,
    };
  });
}

export async function seedDemo(db: Db): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(hashPasswordForTransport(DEMO_PASSWORD));
  const switchTime = Math.floor(Date.UTC(2026, 0, 1) / 1000);
  await db.transaction(async (tx) => {
    await tx.insert(warehouses).values(DEMO_WAREHOUSES);
    await tx.insert(confValues).values({ whsId: 'VNHCM1', confKey: 'Enable_Fulfill_Chain', confValue: '1' });
    await tx.insert(warehouseSwitchTimes).values(
      DEMO_WAREHOUSES.flatMap((w) => ['INBOUND', 'OUTBOUND', 'INVENTORY'].map((module) => ({ whsId: w.whsId, module, switchTime }))),
    );
    for (const w of DEMO_WAREHOUSES) {
      for (const roleName of ['Administrator', 'Supervisor', 'Operator']) {
        const [role] = await tx.insert(roles).values({ whsId: w.whsId, roleName, allPermissions: roleName === 'Administrator' }).returning();
        const perms = rolePerms(roleName);
        if (role && perms.length > 0) await tx.insert(rolePermissions).values(perms.map((perm) => ({ whsId: w.whsId, roleId: role.roleId, perm })));
      }
    }
    await tx.insert(suppliers).values(DEMO_WAREHOUSES.flatMap((w) => demoSuppliers(w.whsId)));
    await seedDemoSkus(tx, DEMO_WAREHOUSES.map((w) => w.whsId));
    await seedDemoCatalog(tx, DEMO_WAREHOUSES.map((w) => w.whsId));
    await seedDemoStorageArea(tx, DEMO_WAREHOUSES.map((w) => w.whsId));
    await seedDemoStock(tx, DEMO_WAREHOUSES);
    await seedDemoInbound(tx, DEMO_WAREHOUSES);
    const roleRows = await tx.select().from(roles);
    const departments = await tx.insert(wfmDepartments)
      .values(DEMO_WAREHOUSES.flatMap((w) => DEMO_DEPARTMENTS.map((departmentName) => ({ whsId: w.whsId, departmentName }))))
      .returning();
    for (const account of DEMO_ACCOUNTS) {
      const [user] = await tx.insert(users).values({ email: account.email, displayName: account.displayName, passwordHash, isSuperAdmin: account.superAdmin }).returning();
      if (!user) continue;
      await tx.insert(userWarehouses).values(account.warehouses.map((whsId) => {
        const role = roleRows.find((r) => r.whsId === whsId && r.roleName === account.role);
        if (!role) throw new Error(`role ${account.role} missing in ${whsId}`);
        return { whsId, userId: user.userId, roleId: role.roleId };
      }));
      const placed = Object.entries(account.departments).map(([whsId, name]) => {
        const department = departments.find((d) => d.whsId === whsId && d.departmentName === name);
        if (!department) throw new Error(`department ${name} missing in ${whsId}`);
        return { whsId, userId: user.userId, departmentId: department.departmentId };
      });
      if (placed.length > 0) await tx.insert(staffDepartments).values(placed);
    }
    const staff = await tx.insert(users).values(DEMO_STAFF.map((person) => ({
      email: person.email, displayName: person.displayName, localName: person.localName, passwordHash: DUMMY_HASH,
      userKind: USER_KIND.values[person.kind], employmentType: STAFF_EMPLOYMENT.values[person.employment],
      tobSyncedAt: person.kind === 'SYNCED' ? new Date(Date.UTC(2026, 0, 5)) : null,
    }))).returning({ userId: users.userId, email: users.email });
    for (const person of DEMO_STAFF) {
      const userId = staff.find((u) => u.email === person.email)!.userId;
      const role = roleRows.find((r) => r.whsId === person.whsId && r.roleName === person.role);
      const department = departments.find((d) => d.whsId === person.whsId && d.departmentName === person.department);
      if (!role || !department) throw new Error(`role or department of ${person.email} missing in ${person.whsId}`);
      await tx.insert(userWarehouses).values({ whsId: person.whsId, userId, roleId: role.roleId });
      await tx.insert(staffDepartments).values({ whsId: person.whsId, userId, departmentId: department.departmentId });
    }
    // Counted demo ASNs name who counted them: after the accounts.
    await seedDemoCounting(tx, DEMO_WAREHOUSES.map((w) => w.whsId));
    await seedDemoVas(tx, DEMO_WAREHOUSES.map((w) => w.whsId));
    await seedDemoOutboundRules(tx, DEMO_WAREHOUSES.map((w) => w.whsId));
    await seedDemoConsumables(tx, DEMO_WAREHOUSES.map((w) => w.whsId));
    await seedDemoMergeRules(tx, DEMO_WAREHOUSES.map((w) => w.whsId));
    const putWalls = await seedDemoSortingRules(tx, DEMO_WAREHOUSES.map((w) => w.whsId));
    await seedDemoShippingRules(tx, DEMO_WAREHOUSES.map((w) => w.whsId));
    await seedDemoOutbound(tx, DEMO_WAREHOUSES.map((w) => w.whsId), putWalls);
    await seedDemoMtOrders(tx, 'IDJKT1', ['SGSIN1', 'MYKUL1']);
    await seedDemoPackedMtOrder(tx, 'IDJKT1', 'SGSIN1');
    await seedDemoRtsOrders(tx, 'IDJKT1');
    await seedDemoReturns(tx, 'SGSIN1');
    await seedDemoMergeArrivals(tx, DEMO_WAREHOUSES.map((w) => w.whsId));
    await seedDemoHandovers(tx, DEMO_WAREHOUSES.map((w) => w.whsId));
    await seedDemoInstantDelivery(tx, DEMO_WAREHOUSES.map((w) => w.whsId));
    await seedDemoAbc(tx, DEMO_WAREHOUSES.map((w) => w.whsId));
    await seedDemoCycleCounts(tx, DEMO_WAREHOUSES.map((w) => w.whsId));
    await seedDemoTransit(tx, DEMO_WAREHOUSES.map((w) => w.whsId));
    await seedDemoTransferRequests(tx, DEMO_WAREHOUSES.map((w) => w.whsId));
    await seedDemoPrintSettings(tx, DEMO_WAREHOUSES.map((w) => w.whsId));
  });
  return true;
}
