/**
 * Fails when a locale catalog lacks a translation: runs `lingui extract` (so new source
 * messages appear in every catalog; in one worker, because parallel workers leave the messages
 * without a message text — the code lists' ids — in a different order on every run), then checks each non-source catalog has a msgstr for
 * every msgid, with the same {placeholders}.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES, SOURCE_LOCALE } from '../src/shared/locales';

interface Entry { msgid: string; msgstr: string; context?: string }

export function parsePo(text: string): Entry[] {
  const entries: Entry[] = [];
  for (const block of text.split(/\n\s*\n/)) {
    const lines = block.split('\n').filter((l) => !l.startsWith('#'));
    const fields: Record<string, string> = {};
    let current: string | null = null;
    for (const line of lines) {
      const m = /^(msgctxt|msgid|msgstr)\s+(".*")\s*$/.exec(line);
      if (m) {
        current = m[1]!;
        fields[current] = JSON.parse(m[2]!) as string;
      } else if (current && /^".*"$/.test(line.trim())) {
        fields[current] += JSON.parse(line.trim()) as string;
      }
    }
    if (fields.msgid !== undefined && fields.msgid !== '') {
      entries.push({ msgid: fields.msgid, msgstr: fields.msgstr ?? '', context: fields.msgctxt });
    }
  }
  return entries;
}

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1]).sort().join(',');

function main() {
  const root = path.resolve(import.meta.dirname, '..');
  execFileSync('npx', ['lingui', 'extract', '--clean', '--workers', '1'], { cwd: root, stdio: 'pipe' });
  const problems: string[] = [];
  const sourceCount = parsePo(readFileSync(path.join(root, 'locales', SOURCE_LOCALE, 'messages.po'), 'utf8')).length;
  for (const locale of LOCALES) {
    if (locale === SOURCE_LOCALE) continue;
    const entries = parsePo(readFileSync(path.join(root, 'locales', locale, 'messages.po'), 'utf8'));
    for (const e of entries) {
      if (e.msgstr.trim() === '') problems.push(`${locale}: missing translation for "${e.msgid}"`);
      else if (placeholders(e.msgid) !== placeholders(e.msgstr)) problems.push(`${locale}: placeholders differ in "${e.msgid}" → "${e.msgstr}"`);
    }
    if (entries.length !== sourceCount) problems.push(`${locale}: ${entries.length} messages, source has ${sourceCount}`);
  }
  if (problems.length > 0) {
    console.error(problems.slice(0, 50).join('\n'));
    console.error(`\n${problems.length} catalog problem(s). Translate them in locales/<locale>/messages.po.`);
    process.exit(1);
  }
  console.log(`i18n: ${sourceCount} messages translated in ${LOCALES.length} locales.`);
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) main();
