import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { LOCALES, SOURCE_LOCALE } from './src/shared/locales';

export default defineConfig({
  sourceLocale: SOURCE_LOCALE,
  locales: [...LOCALES],
  fallbackLocales: { default: SOURCE_LOCALE },
  catalogs: [{ path: '<rootDir>/locales/{locale}/messages', include: ['src/app', 'src/shared'] }],
  format: formatter({ lineNumbers: false }),
});
