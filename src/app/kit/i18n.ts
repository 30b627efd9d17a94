import { i18n, type Messages } from '@lingui/core';
import { INTL_TAG, SOURCE_LOCALE, isLocale, normaliseLocale, type Locale } from '../../shared/locales';
import { STORAGE_KEYS } from '../../shared/constants';
import { readStored, writeStored } from './storage';

export { i18n };

async function loadCatalog(locale: Locale): Promise<Messages> {
  const { messages } = await import(`../../../locales/${locale}/messages.po`);
  return messages;
}

/** The language stored on this device, if the user ever chose one. */
export function storedLocale(): Locale | null {
  const stored = readStored(STORAGE_KEYS.locale);
  return stored ? normaliseLocale(stored) : null;
}

export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE;
}

/**
 * Loads the catalog of `locale` and switches to it without a reload; remembers it under
 * `sp-locale` and updates `<html lang>`. A catalog that fails to load (offline before it was
 * cached) falls back to English rather than leaving the screen untranslated keys.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  let active = locale;
  let messages: Messages;
  try {
    messages = await loadCatalog(locale);
  } catch (error) {
    console.error(`Catalog ${locale} could not be loaded`, error);
    active = SOURCE_LOCALE;
    messages = locale === SOURCE_LOCALE ? {} : await loadCatalog(SOURCE_LOCALE).catch(() => ({}));
  }
  i18n.loadAndActivate({ locale: active, messages });
  writeStored(STORAGE_KEYS.locale, active);
  document.documentElement.lang = INTL_TAG[active];
}

/** The BCP 47 tag of the active locale, for Intl formatters. */
export const intlTag = (): string => INTL_TAG[currentLocale()];
