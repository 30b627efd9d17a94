export * from './print-job';
export { escapeHtml } from './html';
export { code128Svg, qrSvg, BarcodeError, type Symbology } from './barcode';
export { labelTime, labelWeight } from './document';
export * from './labels';
