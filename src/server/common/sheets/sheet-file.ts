import type { ExportFormat } from '../../../shared/contract/export-task.contract';
import { writeCsv } from './csv';
import type { Sheet } from './sheet';
import { writeXlsx } from './xlsx';

/** A sheet as the bytes of a file of `format`; `name` names the XLSX worksheet (CSV has none). */
export const writeSheet = async (format: ExportFormat, sheet: Sheet, name: string): Promise<Uint8Array> =>
  (format === 'xlsx' ? writeXlsx(sheet, name) : writeCsv(sheet));
