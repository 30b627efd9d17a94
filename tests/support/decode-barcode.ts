import { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } from '@zxing/library';
import type { Locator } from 'playwright-core';

/**
 * Reads the barcode a page shows, as a scanner would see it printed: a screenshot of the element
 * (Code 128 or QR, e.g. a label's `[data-barcode]` SVG), turned into grey pixels by the page's own
 * canvas (the browser decodes the PNG: no image library needed), then decoded by zxing
 * (@zxing/library, the decoder the app's camera scanning uses). Throws when nothing readable is there.
 */

export type DecodedFormat = 'code128' | 'qrcode';

const FORMATS: Record<DecodedFormat, BarcodeFormat> = { code128: BarcodeFormat.CODE_128, qrcode: BarcodeFormat.QR_CODE };

/** White margin added around the screenshot (px): the quiet zone even when the element is cropped tight. */
const MARGIN = 24;

export async function decodeBarcode(
  element: Locator,
  formats: readonly DecodedFormat[] = ['code128', 'qrcode'],
): Promise<{ text: string; format: DecodedFormat }> {
  const png = await element.screenshot({ scale: 'device', animations: 'disabled' });
  const { width, height, grey } = await element.page().evaluate(async ({ base64, margin }) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth + 2 * margin;
    canvas.height = image.naturalHeight + 2 * margin;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D canvas');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, margin, margin);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    const bytes = new Uint8Array(canvas.width * canvas.height);
    for (let i = 0; i < bytes.length; i++) bytes[i] = Math.round(0.299 * data[i * 4]! + 0.587 * data[i * 4 + 1]! + 0.114 * data[i * 4 + 2]!);
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return { width: canvas.width, height: canvas.height, grey: btoa(binary) };
  }, { base64: png.toString('base64'), margin: MARGIN });
  const luminances = new Uint8ClampedArray(Buffer.from(grey, 'base64'));
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, formats.map((f) => FORMATS[f])],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  const reader = new MultiFormatReader();
  const result = reader.decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminances, width, height))), hints);
  const format = (Object.keys(FORMATS) as DecodedFormat[]).find((f) => FORMATS[f] === result.getBarcodeFormat());
  if (!format) throw new Error(`decoded an unexpected format ${result.getBarcodeFormat()}`);
  return { text: result.getText(), format };
}
