import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The API files that run longest, longest first (a clean CI run at load 6: fuzz 827 s, the
 * security matrix 665 s, the contract 284 s, of 3,388 s for all 80). Without a cache of earlier
 * runs (a fresh clone) vitest starts the largest files first: fuzz.test.ts, a short file, came
 * last and ran alone for minutes while the other worker had nothing left.
 */
const LONG_FILES = ['tests/api/fuzz.test.ts', 'tests/api/security-matrix.test.ts', 'tests/api/contract.test.ts'];

/** Vitest's order (earlier runs' durations, else file size), with LONG_FILES started first. */
export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = LONG_FILES.findIndex((long) => file.moduleId.endsWith(`/${long}`));
      return at === -1 ? LONG_FILES.length : at;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
