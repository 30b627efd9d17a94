import type { ResourcePages } from './define';
import { RESOURCES } from './registry';

/**
 * Every page a registered resource declares: its route path, the resource's name and the page's
 * kind. The app's route table serves each with the derived page of its kind; the built app gets this
 * list computed at build time (vite.config.ts), so its first script does not carry the definitions.
 */
export const RESOURCE_PAGES: readonly (readonly [path: string, resource: string, kind: keyof ResourcePages])[] = RESOURCES.flatMap((def) =>
  Object.entries(def.pages ?? {}).map(([kind, path]) => [path, def.name, kind as keyof ResourcePages] as const));
