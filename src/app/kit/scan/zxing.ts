import { BrowserCodeReader, type IBrowserCodeReaderOptions } from '@zxing/browser';
import {
  BarcodeFormat, ChecksumException, Code128Reader, Code39Reader, DataMatrixReader, DecodeHintType, FormatException, ITFReader,
  NotFoundException, OneDReader, QRCodeReader, RSS14Reader,
  type BinaryBitmap, type BitArray, type Reader, type Result,
} from '@zxing/library';
// Not in the package's index; the library has no `exports` map, so its own module path is its API.
import MultiFormatUPCEANReader from '@zxing/library/esm/core/oned/MultiFormatUPCEANReader';

/**
 * What camera.ts uses of zxing, named so the build keeps only that. zxing's MultiFormatReader
 * brings every reader it has (Aztec, PDF417, MaxiCode, Codabar, Code 93, DataBar Expanded);
 * `floorCodeReader` holds only the formats labels on a warehouse floor carry, which halves the
 * chunk every device precaches (docs/performance.md, precache_gzip_kb).
 */
export { BarcodeFormat, ChecksumException, DecodeHintType, FormatException, NotFoundException };

/** The 1D formats read, each by its zxing reader, tried in turn on a row (zxing's MultiFormatOneDReader, cut to them). */
class FloorOneDReader extends OneDReader {
  private readonly readers: OneDReader[];

  constructor(hints: Map<DecodeHintType, unknown>) {
    super();
    this.readers = [new MultiFormatUPCEANReader(hints), new Code39Reader(), new Code128Reader(), new ITFReader(), new RSS14Reader()];
  }

  decodeRow(rowNumber: number, row: BitArray, hints?: Map<DecodeHintType, unknown>): Result {
    for (const reader of this.readers) {
      try {
        return reader.decodeRow(rowNumber, row, hints);
      } catch {
        // Not this format: the next one.
      }
    }
    throw new NotFoundException();
  }

  override reset(): void {
    for (const reader of this.readers) reader.reset();
  }
}

/**
 * QR, Data Matrix, then the 1D formats, as zxing's MultiFormatReader orders them when trying
 * harder; a reader that reads nothing hands the image to the next.
 */
export class FloorReader implements Reader {
  private readonly readers: Reader[];

  constructor(hints: Map<DecodeHintType, unknown>) {
    this.readers = [new QRCodeReader(), new DataMatrixReader(), new FloorOneDReader(hints)];
  }

  decode(image: BinaryBitmap, hints?: Map<DecodeHintType, unknown> | null): Result {
    for (const reader of this.readers) {
      try {
        return reader.decode(image, hints ?? undefined);
      } catch {
        // Not found, or a bad checksum or format: the next reader (zxing's MultiFormatReader does the same).
      }
    }
    throw new NotFoundException();
  }

  reset(): void {
    for (const reader of this.readers) reader.reset();
  }
}

/** A browser camera reader of the floor's formats: QR, Data Matrix, EAN/UPC, Code 128, Code 39, ITF and DataBar. */
export function floorCodeReader(hints: Map<DecodeHintType, unknown>, options: IBrowserCodeReaderOptions): BrowserCodeReader {
  return new BrowserCodeReader(new FloorReader(hints), hints, options);
}
