import bwipjs from 'bwip-js/node';
import { BinaryBitmap, HybridBinarizer, RGBLuminanceSource } from '@zxing/library';
import { describe, expect, it } from 'vitest';
import { BarcodeFormat, DecodeHintType, FloorReader } from './zxing';

/** Pixels per module and quiet zone (in modules) of the drawn labels. */
const SCALE = 3;
const QUIET = 12;

/** Draws a label as bwip-js encodes it (bars and spaces for 1D, a module matrix for 2D), black on white. */
function labelImage(bcid: string, text: string, options: Record<string, unknown> = {}): BinaryBitmap {
  const [symbol] = bwipjs.raw(bcid, text, options as never);
  let modules: boolean[][];
  if (symbol && 'sbs' in symbol) {
    const row = symbol.sbs.flatMap((width, i) => Array<boolean>(width).fill(i % 2 === 0));
    modules = Array.from({ length: 30 }, () => row);
  } else if (symbol && 'pixs' in symbol) {
    modules = Array.from({ length: symbol.pixy }, (_, y) => Array.from({ length: symbol.pixx }, (_, x) => symbol.pixs[y * symbol.pixx + x] === 1));
  } else {
    throw new Error(`bwip-js drew nothing for ${bcid}`);
  }
  const width = (modules[0]!.length + 2 * QUIET) * SCALE;
  const height = (modules.length + 2 * QUIET) * SCALE;
  const pixels = new Uint8ClampedArray(width * height).fill(255);
  modules.forEach((row, y) => row.forEach((black, x) => {
    if (!black) return;
    for (let dy = 0; dy < SCALE; dy++) pixels.fill(0, ((y + QUIET) * SCALE + dy) * width + (x + QUIET) * SCALE, ((y + QUIET) * SCALE + dy) * width + (x + QUIET + 1) * SCALE);
  }));
  return new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(pixels, width, height)));
}

const HINTS = new Map<DecodeHintType, unknown>([
  [DecodeHintType.POSSIBLE_FORMATS, [
    BarcodeFormat.CODE_128, BarcodeFormat.EAN_13, BarcodeFormat.EAN_8, BarcodeFormat.UPC_A, BarcodeFormat.UPC_E,
    BarcodeFormat.QR_CODE, BarcodeFormat.DATA_MATRIX, BarcodeFormat.RSS_14, BarcodeFormat.CODE_39, BarcodeFormat.ITF,
  ]],
  [DecodeHintType.TRY_HARDER, true],
]);

describe('FloorReader (the camera\'s decoder)', () => {
  it.each([
    ['code128', 'SKU-1000000037', BarcodeFormat.CODE_128, 'SKU-1000000037'],
    ['ean13', '5901234123457', BarcodeFormat.EAN_13, '5901234123457'],
    ['ean8', '96385074', BarcodeFormat.EAN_8, '96385074'],
    ['upca', '036000291452', BarcodeFormat.UPC_A, '036000291452'],
    ['code39', 'LOC-A01-02', BarcodeFormat.CODE_39, 'LOC-A01-02'],
    ['interleaved2of5', '15400141288763', BarcodeFormat.ITF, '15400141288763'],
    ['databaromni', '(01)09521234543213', BarcodeFormat.RSS_14, '0952123454321'],
    ['qrcode', 'ASN-VN01-2026000123', BarcodeFormat.QR_CODE, 'ASN-VN01-2026000123'],
    ['datamatrix', 'LOC-A01-02-B3L', BarcodeFormat.DATA_MATRIX, 'LOC-A01-02-B3L'],
  ] as const)('reads %s labels', (bcid, text, format, expected) => {
    const result = new FloorReader(HINTS).decode(labelImage(bcid, text), HINTS);
    expect(result.getBarcodeFormat()).toBe(format);
    expect(result.getText()).toContain(expected);
  });

  it('finds nothing in a label of a format the floor does not use (PDF417)', () => {
    expect(() => new FloorReader(HINTS).decode(labelImage('pdf417', 'SKU-1000000037'), HINTS)).toThrow();
  });
});
