import type { Tx } from '../../db/client';
import { printSettings } from '../../db/schema';
import { demoWorker } from '../../common/demo-actor';

/**
 * The demo's print settings: packing station PCK-01 of each warehouse prints its shipping labels
 * on 100×150 mm stock and documents on A4 through the browser; boxing station BOX-01 has a
 * 100×100 mm roll. The other stations use the defaults.
 */
export async function seedDemoPrintSettings(tx: Tx, whsIds: readonly string[]): Promise<void> {
  for (const whsId of whsIds) {
    const updatedBy = await demoWorker(tx, whsId);
    await tx.insert(printSettings).values([
      { whsId, stationId: 'PCK-01', labelSize: '100x150', documentSize: 'A4', printerMode: 'browser', labelPrinter: 'Zebra ZD421', documentPrinter: 'Office Laser', updatedBy },
      { whsId, stationId: 'BOX-01', labelSize: '100x100', documentSize: 'A4', printerMode: 'browser', updatedBy },
    ]);
  }
}
