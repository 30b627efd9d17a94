/** Interface languages of spec §1, in menu order. `en` is the source and fallback. */
export const LOCALES = ['en', 'id', 'ms-MY', 'pt-BR', 'sp-MX', 'th', 'vi', 'zh-CN', 'zh-TW', 'tl-PH'] as const;
export type Locale = (typeof LOCALES)[number];
export const SOURCE_LOCALE: Locale = 'en';

/** Each language's own name, as shown in the language dropdown (never translated). */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  id: 'Bahasa Indonesia',
  'ms-MY': 'Bahasa Melayu',
  'pt-BR': 'Português (Brasil)',
  'sp-MX': 'Español (México)',
  th: 'ไทย',
  vi: 'Tiếng Việt',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  'tl-PH': 'Tagalog',
};

/** BCP 47 tag for Intl APIs and speech; `sp-MX` is the product's own key for Mexican Spanish. */
export const INTL_TAG: Record<Locale, string> = {
  en: 'en-US', id: 'id-ID', 'ms-MY': 'ms-MY', 'pt-BR': 'pt-BR', 'sp-MX': 'es-MX',
  th: 'th-TH', vi: 'vi-VN', 'zh-CN': 'zh-CN', 'zh-TW': 'zh-TW', 'tl-PH': 'fil-PH',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Maps a stored or browser language tag to a product locale (spec §9 mappings:
 * zh-Hans→zh-CN, zh-Hant→zh-TW, ph→tl-PH, ms-my→ms-MY, es-MX→sp-MX), falling back to en.
 */
export function normaliseLocale(tag: string | null | undefined): Locale {
  if (!tag) return SOURCE_LOCALE;
  const lower = tag.trim().toLowerCase();
  const exact = LOCALES.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  if (lower.startsWith('zh-hant') || lower === 'zh-hk') return 'zh-TW';
  if (lower.startsWith('zh')) return 'zh-CN';
  if (lower === 'ph' || lower.startsWith('tl') || lower.startsWith('fil')) return 'tl-PH';
  if (lower.startsWith('ms')) return 'ms-MY';
  if (lower.startsWith('es') || lower.startsWith('sp')) return 'sp-MX';
  if (lower.startsWith('pt')) return 'pt-BR';
  const base = lower.split('-')[0];
  return LOCALES.find((l) => l.toLowerCase() === base) ?? SOURCE_LOCALE;
}
