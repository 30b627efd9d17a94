import { ABC_CLASS, SKU_SALE_STATUS, SKU_SELLING_TYPE, TEMPERATURE_ZONE } from '../../../shared/codes';
import type { Tx } from '../../db/client';
import { skuMappings, skus } from '../../db/schema';

/** Demo products: name, category, unit, weight in grams, temperature zone, shelf life in days (null: none). */
const PRODUCTS = [
  ['Arabica Coffee Beans 1kg', 'Groceries', 'packs', 1050, TEMPERATURE_ZONE.values.NORMAL, 365],
  ['Jasmine Rice 5kg', 'Groceries', 'packs', 5100, TEMPERATURE_ZONE.values.NORMAL, 540],
  ['Fresh Milk 1L', 'Dairy', 'units', 1080, TEMPERATURE_ZONE.values.CHILLED, 12],
  ['Frozen Dumplings 500g', 'Frozen Food', 'packs', 520, TEMPERATURE_ZONE.values.FROZEN, 180],
  ['Dark Chocolate Bar 100g', 'Snacks', 'pcs', 110, TEMPERATURE_ZONE.values.AIR_CONDITIONED, 300],
  ['Bluetooth Earbuds', 'Electronics', 'pcs', 180, TEMPERATURE_ZONE.values.NORMAL, null],
  ['USB-C Cable 2m', 'Electronics', 'pcs', 60, TEMPERATURE_ZONE.values.NORMAL, null],
  ['Smartphone 128GB', 'Electronics', 'pcs', 420, TEMPERATURE_ZONE.values.NORMAL, null],
  ['Cotton T-Shirt M', 'Fashion', 'pcs', 200, TEMPERATURE_ZONE.values.NORMAL, null],
  ['Running Shoes 42', 'Fashion', 'pcs', 900, TEMPERATURE_ZONE.values.NORMAL, null],
  ['Baby Diapers L 54s', 'Baby Care', 'packs', 2300, TEMPERATURE_ZONE.values.NORMAL, 1095],
  ['Shampoo 400ml', 'Beauty', 'pcs', 450, TEMPERATURE_ZONE.values.NORMAL, 730],
  ['Sunscreen SPF50 50ml', 'Beauty', 'pcs', 80, TEMPERATURE_ZONE.values.AIR_CONDITIONED, 730],
  ['Vitamin C 60 Tablets', 'Health', 'units', 150, TEMPERATURE_ZONE.values.AIR_CONDITIONED, 720],
  ['Stand Fan 16in', 'Home Appliances', 'boxes', 5200, TEMPERATURE_ZONE.values.NORMAL, null],
  ['Rice Cooker 1.8L', 'Home Appliances', 'boxes', 3100, TEMPERATURE_ZONE.values.NORMAL, null],
  ['Packing Tape 48mm', 'Office', 'rolls', 250, TEMPERATURE_ZONE.values.NORMAL, null],
  ['A4 Paper 500 Sheets', 'Office', 'packs', 2500, TEMPERATURE_ZONE.values.NORMAL, null],
  ['Cooking Oil 2L', 'Groceries', 'units', 1900, TEMPERATURE_ZONE.values.NORMAL, 540],
  ['Engine Oil 4L', 'Automotive', 'drums', 3800, TEMPERATURE_ZONE.values.NORMAL, 1825],
] as const;

/** SKUs of the demo warehouses: 120 each, ids `<CC>SKU00001…`; every third has `$` and `#` mapping codes. */
export const DEMO_SKUS_PER_WAREHOUSE = 120;

export function demoSkuId(whsId: string, n: number): string {
  return `${whsId.slice(0, 2)}SKU${String(n).padStart(5, '0')}`;
}

export async function seedDemoSkus(tx: Tx, whsIds: readonly string[]): Promise<void> {
  const abc = [ABC_CLASS.values.A, ABC_CLASS.values.B, ABC_CLASS.values.C, ABC_CLASS.values.SA];
  const sale = SKU_SALE_STATUS.options.map((o) => o.value);
  for (const whsId of whsIds) {
    const rows = Array.from({ length: DEMO_SKUS_PER_WAREHOUSE }, (_, i) => {
      const [name, category, unit, weight, temperature, shelfLife] = PRODUCTS[i % PRODUCTS.length]!;
      const batch = Math.floor(i / PRODUCTS.length);
      return {
        whsId,
        skuId: demoSkuId(whsId, i + 1),
        skuName: batch === 0 ? name : `${name} (${String.fromCharCode(65 + batch)})`,
        barcode: `89${whsId.charCodeAt(0)}${String(100000000 + i * 7919).slice(0, 9)}`,
        category,
        unit,
        sellingType: i % 10 === 0 ? SKU_SELLING_TYPE.values.CARTON : SKU_SELLING_TYPE.values.PCS,
        saleStatus: i % 9 === 0 ? sale[(i / 9) % sale.length]! : SKU_SALE_STATUS.values.AVAILABLE,
        abcClass: abc[i % abc.length]!,
        temperatureZone: temperature,
        isBulky: weight >= 5000 ? 1 : 0,
        isHighValue: category === 'Electronics' ? 1 : 0,
        lengthMm: 100 + (i % 7) * 50,
        widthMm: 80 + (i % 5) * 40,
        heightMm: 30 + (i % 4) * 60,
        weightG: weight + batch,
        shelfLifeDays: shelfLife,
      };
    });
    await tx.insert(skus).values(rows);
    await tx.insert(skuMappings).values(rows.filter((_, i) => i % 3 === 0).flatMap((row, j) => [
      { whsId, mappingCode: `$SHOP${String(j + 1).padStart(4, '0')}`, skuId: row.skuId },
      { whsId, mappingCode: `#MODEL${String(j + 1).padStart(4, '0')}`, skuId: row.skuId },
    ]));
  }
}
