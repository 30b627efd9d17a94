/**
 * What camera.ts uses of zxing, named so the build keeps only that: a namespace import of
 * `@zxing/library` kept the whole library (its encoders and writers too) in the chunk every
 * device precaches.
 */
export { BrowserMultiFormatReader } from '@zxing/browser';
export { BarcodeFormat, ChecksumException, DecodeHintType, FormatException, NotFoundException } from '@zxing/library';
