import { code128, drawingSVG, qrcode } from 'bwip-js/generic';
import { escapeHtml, mm } from './html';

/**
 * Barcodes as inline SVG, drawn by bwip-js (BWIPP's encoders; the generic build needs neither
 * DOM nor Node, so labels render the same in the browser and on the server). Quiet zones are part
 * of the drawing (10 modules beside Code 128, 4 around QR), and the SVG is sized in millimetres.
 * Each carries `data-barcode` (its symbology) and `data-barcode-text` (what it encodes), which
 * tests and the print tool read.
 */

export type Symbology = 'code128' | 'qrcode';

/** Code 128 encodes printable ASCII here: what codes, tracking numbers and order numbers hold. */
const CODE128_TEXT = /^[\x20-\x7e]{1,80}$/;

export class BarcodeError extends Error {
  constructor(readonly symbology: Symbology, readonly text: string, reason: string) {
    super(`cannot draw ${symbology} of "${text}": ${reason}`);
  }
}

/** The module count across (viewBox width at scale 1) of a bwip-js SVG. */
function viewBoxOf(svg: string): { width: number; height: number } {
  const match = /viewBox="0 0 (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)"/.exec(svg);
  if (!match) throw new Error('bwip-js drew an SVG without a viewBox');
  return { width: Number(match[1]), height: Number(match[2]) };
}

function sized(svg: string, symbology: Symbology, text: string, widthMm: number, heightMm: number): string {
  const attrs = [
    `width="${mm(widthMm)}"`, `height="${mm(heightMm)}"`, 'preserveAspectRatio="none"', 'shape-rendering="crispEdges"',
    'role="img"', `aria-label="${escapeHtml(text)}"`, `data-barcode="${symbology}"`, `data-barcode-text="${escapeHtml(text)}"`,
  ].join(' ');
  return svg.replace('<svg ', `<svg ${attrs} `).trim();
}

export interface Code128Options {
  /** The widest the symbol (quiet zones included) may be. */
  maxWidthMm: number;
  heightMm: number;
  /** Preferred module (narrowest bar) width; smaller only when the symbol would not fit. */
  moduleMm?: number;
}

/** Code 128 of `text`: module width `moduleMm` (0.4 mm) unless that is wider than `maxWidthMm`. */
export function code128Svg(text: string, { maxWidthMm, heightMm, moduleMm = 0.4 }: Code128Options): string {
  if (!CODE128_TEXT.test(text)) throw new BarcodeError('code128', text, 'Code 128 takes 1–80 printable ASCII characters');
  let svg: string;
  try {
    svg = code128({ bcid: 'code128', text, scale: 1, height: 10, paddingwidth: 10, backgroundcolor: 'FFFFFF' }, drawingSVG());
  } catch (error) {
    throw new BarcodeError('code128', text, error instanceof Error ? error.message : String(error));
  }
  const modules = viewBoxOf(svg).width;
  return sized(svg, 'code128', text, Math.min(maxWidthMm, modules * moduleMm), heightMm);
}

/** QR code of `text` (error correction M), `sizeMm` square with its quiet zone (bwip-js draws a QR module 2 units wide: padding 8 is 4 modules). */
export function qrSvg(text: string, sizeMm: number): string {
  if (text.length === 0 || text.length > 500) throw new BarcodeError('qrcode', text, 'QR here takes 1–500 characters');
  let svg: string;
  try {
    svg = qrcode({ bcid: 'qrcode', text, scale: 1, eclevel: 'M', padding: 8, backgroundcolor: 'FFFFFF' } as Parameters<typeof qrcode>[0], drawingSVG());
  } catch (error) {
    throw new BarcodeError('qrcode', text, error instanceof Error ? error.message : String(error));
  }
  return sized(svg, 'qrcode', text, sizeMm, sizeMm);
}
