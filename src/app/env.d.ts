/** Lingui catalogs, compiled by @lingui/vite-plugin when imported. */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
  /** The built app's catalogs come in two parts (vite.config.ts, splitCatalogs): this loads the second. */
  export const loadRest: (() => Promise<Messages>) | undefined;
}
