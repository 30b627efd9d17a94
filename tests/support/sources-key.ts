import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * A key of everything a migrated and seeded database is made from: server and shared sources,
 * migrations, lockfile. The test templates made from them are named by it, so any change makes new ones.
 */
export function sourcesKey(): string {
  const hash = createHash('sha256');
  for (const dir of ['src/server', 'src/shared']) {
    for (const file of readdirSync(path.join(root, dir), { recursive: true }).map(String).sort()) {
      if (/\.(ts|sql|json)$/.test(file) && !file.endsWith('.test.ts')) hash.update(file).update(readFileSync(path.join(root, dir, file)));
    }
  }
  hash.update(readFileSync(path.join(root, 'package-lock.json')));
  return hash.digest('hex').slice(0, 16);
}
