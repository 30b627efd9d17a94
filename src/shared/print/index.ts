export * from './print-job';
export { escapeHtml } from './html';
export { code128Svg, qrSvg, BarcodeError, type Symbology } from './barcode';
export { combinePrintJobs, htmlWithCopies, labelTime, labelWeight } from './document';
export * from './labels';
export * from './manifest';
export * from './packing-documents';
