import type { ResourcePages } from './define';
import { RESOURCES } from './registry';

/**
 * Every page a registered resource declares and the derived page of its kind renders (not its
 * `ownScreens`): its route path, the resource's name and the page's kind. The built app gets this
 * list computed at build time (vite.config.ts), so its first script does not carry the definitions.
 */
export const RESOURCE_PAGES: readonly (readonly [path: string, resource: string, kind: keyof ResourcePages])[] = RESOURCES.flatMap((def) =>
  Object.entries(def.pages ?? {})
    .filter(([kind]) => !def.ownScreens?.includes(kind as keyof ResourcePages))
    .map(([kind, path]) => [path, def.name, kind as keyof ResourcePages] as const));

/** The pages resources hand to a screen of their own (`ownScreens`), by route path. */
export const OWN_SCREEN_PAGES: readonly string[] = RESOURCES.flatMap((def) =>
  (def.ownScreens ?? []).map((kind) => def.pages?.[kind]).filter((path): path is string => path !== undefined));
