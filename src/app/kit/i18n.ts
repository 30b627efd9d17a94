import { i18n, type Messages } from '@lingui/core';
import { INTL_TAG, SOURCE_LOCALE, isLocale, normaliseLocale, type Locale } from '../../shared/locales';
import { STORAGE_KEYS } from '../../shared/constants';
import { readStored, writeStored } from './storage';

export { i18n };

/** Set once the app goes past its public pages: from then on a catalog is loaded whole. */
let restWanted = false;

async function loadCatalog(locale: Locale): Promise<Messages> {
  const { messages, loadRest } = await import(`../../../locales/${locale}/messages.po`);
  return restWanted && loadRest ? { ...messages, ...(await loadRest()) } : messages;
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

let wholeCatalog: Promise<void> | undefined;

/**
 * Loads the rest of the active catalog: the built app's first part holds only the messages of
 * the entry and the public pages (vite.config.ts, splitCatalogs), so the sign-in page downloads
 * none of the signed-in screens'. Awaited before the shell renders; later calls wait for the first.
 */
export function loadWholeCatalog(): Promise<void> {
  restWanted = true;
  wholeCatalog ??= activateLocale(currentLocale());
  return wholeCatalog;
}

/** The BCP 47 tag of the active locale, for Intl formatters. */
export const intlTag = (): string => INTL_TAG[currentLocale()];
