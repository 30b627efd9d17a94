import { describe, expect, it } from 'vitest';
import { ROUTES } from './manifest';
import type { RouteDecl } from './types';

/** Each `<area>.routes.ts` file and the routes it declares. */
const areaFiles = Object.entries(import.meta.glob<Record<string, unknown>>('./*.routes.ts', { eager: true })).map(([file, exports]) => ({
  area: file.replace(/^\.\/(.*)\.routes\.ts$/, '$1'),
  routes: Object.values(exports).filter((value): value is RouteDecl[] => Array.isArray(value)).flat(),
}));
const areas = new Set(areaFiles.map((file) => file.area));

/** Top segments kept in another area's file: the TV dashboards and the region overview sit under the dashboard. */
const UNDER = { dashboardTvNew: 'dashboard', regionOverview: 'dashboard' } as Record<string, string>;

/** The file a path belongs in: its area's, or the shell's for the pages outside the areas (sign-in, errors, home). */
const fileOf = (path: string) => {
  const top = path.split('/')[1] ?? '';
  const area = UNDER[top] ?? top;
  return areas.has(area) ? area : 'shell';
};

describe('route areas', () => {
  it('declares each route in the file of its area', () => {
    const astray = areaFiles.flatMap(({ area, routes }) => routes.filter((r) => fileOf(r.path) !== area).map((r) => `${r.path} in ${area}.routes.ts`));
    expect(astray).toEqual([]);
    expect(areas.size).toBeGreaterThan(20);
  });

  it('assembles every area file into the manifest, each route once', () => {
    const declared = areaFiles.flatMap((file) => file.routes);
    expect(new Set(ROUTES)).toEqual(new Set(declared));
    expect(ROUTES).toHaveLength(declared.length);
  });
});
