/**
 * Translation workflow for one catalog:
 *   npx tsx scripts/i18n-fill.ts todo <locale>          → JSON array of msgids without a translation
 *   npx tsx scripts/i18n-fill.ts apply <locale> <file>  → writes translations from a JSON object {msgid: msgstr}
 * Only empty msgstr lines are filled; everything else in the file is kept as it is.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isLocale } from '../src/shared/locales';
import { parsePo } from './check-catalogs';

const [command, locale, file] = process.argv.slice(2);
if (!isLocale(locale) || (command !== 'todo' && command !== 'apply') || (command === 'apply' && !file)) {
  console.error('usage: i18n-fill.ts todo <locale> | apply <locale> <translations.json>');
  process.exit(2);
}
const poPath = path.resolve(import.meta.dirname, '..', 'locales', locale, 'messages.po');
const text = readFileSync(poPath, 'utf8');

if (command === 'todo') {
  console.log(JSON.stringify(parsePo(text).filter((e) => e.msgstr === '').map((e) => e.msgid), null, 1));
} else {
  const translations = JSON.parse(readFileSync(file!, 'utf8')) as Record<string, string>;
  const quote = (s: string) => JSON.stringify(s);
  const lines = text.split('\n');
  let filled = 0;
  for (let i = 0; i < lines.length - 1; i++) {
    const m = /^msgid (".*")$/.exec(lines[i]!);
    if (!m || lines[i + 1] !== 'msgstr ""') continue;
    const msgid = JSON.parse(m[1]!) as string;
    const value = translations[msgid];
    if (typeof value === 'string' && value.trim() !== '') {
      lines[i + 1] = `msgstr ${quote(value)}`;
      filled++;
    }
  }
  writeFileSync(poPath, lines.join('\n'));
  const left = parsePo(lines.join('\n')).filter((e) => e.msgstr === '').length;
  console.log(`${locale}: filled ${filled}, ${left} left untranslated`);
}
