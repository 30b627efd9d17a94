import { CYCLE_COUNT_KIND, CYCLE_COUNT_RESULT, CYCLE_COUNT_SCOPE } from '../../../shared/codes';
import { CC_LIST_MAX, type CcCriteria, type CreateCcOrderInput } from '../../../shared/contract/cycle-count.contract';

/**
 * The create page of a cycle count order as pure logic (the screen only renders it): which criteria
 * each kind takes, the park/zone/pathway tree's selection as criteria, typed lists as codes, and the
 * form as the create call's input.
 */

type Kind = CreateCcOrderInput['kind'];
type Scope = CreateCcOrderInput['scope'];

const K = CYCLE_COUNT_KIND.values;

/** The criteria a customized order of each kind may narrow by (the others are not sent). */
export type CriterionName = 'tree' | 'locationRange' | 'skus' | 'supplier' | 'movedSince' | 'importList';
export const CRITERIA_OF_KIND: Readonly<Record<Kind, readonly CriterionName[]>> = {
  [K.SKU]: ['tree', 'skus', 'supplier', 'importList'],
  [K.LOCATION]: ['tree', 'locationRange', 'importList'],
  [K.MOVEMENT]: ['tree', 'locationRange', 'skus', 'movedSince'],
};

/** Whether the page shows (and sends) a criterion: customized orders take their kind's; a movement order always its date. */
export function takesCriterion(kind: Kind, scope: Scope, name: CriterionName): boolean {
  if (name === 'movedSince') return kind === K.MOVEMENT;
  return scope === CYCLE_COUNT_SCOPE.values.CUSTOMIZED && CRITERIA_OF_KIND[kind].includes(name);
}

/** A park of the create page's tree: its zones (of every sector and cluster) with their pathways. */
export interface TreePark {
  park_id: string;
  park_name?: string;
  zones: readonly { zone_id: string; zone_name?: string; pathways: readonly string[] }[];
}

/** The zone tree (get_park_zone_tree: parks › sectors › clusters › zones) with each zone's pathways (cc_get_all_pathway_info). */
export function parksOf(
  tree: readonly { park_id: string; park_name: string; sector_list: readonly { zone_cluster_list: readonly { zone_list: readonly { zone_id: string; zone_name: string }[] }[] }[] }[],
  pathways: readonly { pathway_id: string; zone_id: string }[],
): TreePark[] {
  return tree.map((park) => ({
    park_id: park.park_id, park_name: park.park_name,
    zones: park.sector_list.flatMap((sector) => sector.zone_cluster_list.flatMap((cluster) => cluster.zone_list)).map((zone) => ({
      zone_id: zone.zone_id, zone_name: zone.zone_name, pathways: pathways.filter((p) => p.zone_id === zone.zone_id).map((p) => p.pathway_id),
    })),
  }));
}

/** What is ticked in the tree: whole zones, and single pathways of zones not ticked whole. */
export interface TreeSelection {
  zones: ReadonlySet<string>;
  pathways: ReadonlySet<string>;
}

export const EMPTY_SELECTION: TreeSelection = { zones: new Set(), pathways: new Set() };

/** A park is ticked when every zone of it is (and it has zones). */
export const parkTicked = (park: TreePark, selection: TreeSelection) =>
  park.zones.length > 0 && park.zones.every((z) => selection.zones.has(z.zone_id));

/** Some but not all of a park is ticked (its box shows a dash). */
export const parkPartly = (park: TreePark, selection: TreeSelection) =>
  !parkTicked(park, selection)
  && park.zones.some((z) => selection.zones.has(z.zone_id) || z.pathways.some((p) => selection.pathways.has(p)));

/** Ticks or unticks a whole park. */
export function togglePark(park: TreePark, selection: TreeSelection, on: boolean): TreeSelection {
  const zones = new Set(selection.zones);
  const pathways = new Set(selection.pathways);
  for (const zone of park.zones) {
    if (on) zones.add(zone.zone_id); else zones.delete(zone.zone_id);
    for (const p of zone.pathways) pathways.delete(p);
  }
  return { zones, pathways };
}

/** Ticks or unticks a whole zone (its single pathways are then implied). */
export function toggleZone(zone: TreePark['zones'][number], selection: TreeSelection, on: boolean): TreeSelection {
  const zones = new Set(selection.zones);
  const pathways = new Set(selection.pathways);
  if (on) zones.add(zone.zone_id); else zones.delete(zone.zone_id);
  for (const p of zone.pathways) pathways.delete(p);
  return { zones, pathways };
}

/**
 * Ticks or unticks one pathway. Unticking one of a ticked zone keeps its other pathways ticked; the
 * last pathway of a zone ticked makes the whole zone ticked.
 */
export function togglePathway(zone: TreePark['zones'][number], pathway: string, selection: TreeSelection, on: boolean): TreeSelection {
  const zones = new Set(selection.zones);
  const pathways = new Set(selection.pathways);
  if (zones.has(zone.zone_id)) {
    zones.delete(zone.zone_id);
    for (const p of zone.pathways) pathways.add(p);
  }
  if (on) pathways.add(pathway); else pathways.delete(pathway);
  if (zone.pathways.length > 0 && zone.pathways.every((p) => pathways.has(p))) {
    zones.add(zone.zone_id);
    for (const p of zone.pathways) pathways.delete(p);
  }
  return { zones, pathways };
}

/** The tree's selection as criteria, most general first: whole parks, whole zones of other parks, single pathways. */
export function treeCriteria(parks: readonly TreePark[], selection: TreeSelection): Pick<CcCriteria, 'park_ids' | 'zone_ids' | 'pathway_ids'> {
  const park_ids: string[] = [];
  const zone_ids: string[] = [];
  const pathway_ids: string[] = [];
  for (const park of parks) {
    if (parkTicked(park, selection)) {
      park_ids.push(park.park_id);
      continue;
    }
    for (const zone of park.zones) {
      if (selection.zones.has(zone.zone_id)) zone_ids.push(zone.zone_id);
      else pathway_ids.push(...zone.pathways.filter((p) => selection.pathways.has(p)));
    }
  }
  return { park_ids, zone_ids, pathway_ids };
}

/** Codes typed or pasted one per line (or separated by commas, semicolons, spaces or tabs): trimmed, without repeats, in order. */
export function parseCodes(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).map((code) => code.trim()).filter(Boolean))];
}

/** The create page's form. */
export interface CcCreateForm {
  order_type: CreateCcOrderInput['order_type'];
  kind: Kind;
  scope: Scope;
  selection: TreeSelection;
  location_from: string;
  location_to: string;
  skus_text: string;
  supplier_id: string | null;
  moved_since: string | null;
  /** The usable lines of an imported list (search_import_data_task). */
  lines: CcCriteria['lines'];
  remark: string;
}

/** Why the form cannot be searched or sent yet, by criterion; empty when it can. */
export type FormProblem = 'movedSinceMissing' | 'rangeHalf' | 'tooManySkus' | 'nothingChosen';

export function formProblems(form: CcCreateForm, parks: readonly TreePark[]): FormProblem[] {
  const problems: FormProblem[] = [];
  const takes = (name: CriterionName) => takesCriterion(form.kind, form.scope, name);
  if (takes('movedSince') && !form.moved_since) problems.push('movedSinceMissing');
  if (takes('locationRange') && (form.location_from.trim() === '') !== (form.location_to.trim() === '')) problems.push('rangeHalf');
  if (takes('skus') && parseCodes(form.skus_text).length > CC_LIST_MAX) problems.push('tooManySkus');
  if (form.scope === CYCLE_COUNT_SCOPE.values.CUSTOMIZED) {
    const c = ccCriteriaOf(form, parks);
    const chosen = c.park_ids.length + c.zone_ids.length + c.pathway_ids.length + c.sku_ids.length + c.lines.length > 0
      || c.location_from !== '' || c.supplier_id !== '' || c.moved_since !== null;
    if (!chosen) problems.push('nothingChosen');
  }
  return problems;
}

/** The criteria the form sends: only those its kind and scope take, every other one empty. */
export function ccCriteriaOf(form: CcCreateForm, parks: readonly TreePark[]): CcCriteria {
  const takes = (name: CriterionName) => takesCriterion(form.kind, form.scope, name);
  const tree = takes('tree') ? treeCriteria(parks, form.selection) : { park_ids: [], zone_ids: [], pathway_ids: [] };
  return {
    ...tree,
    location_from: takes('locationRange') ? form.location_from.trim() : '',
    location_to: takes('locationRange') ? form.location_to.trim() : '',
    sku_ids: takes('skus') ? parseCodes(form.skus_text) : [],
    supplier_id: takes('supplier') ? (form.supplier_id ?? '') : '',
    moved_since: takes('movedSince') ? form.moved_since : null,
    lines: takes('importList') ? form.lines : [],
  };
}

/** The create call's input. */
export function createInputOf(form: CcCreateForm, parks: readonly TreePark[]): CreateCcOrderInput {
  return { order_type: form.order_type, kind: form.kind, scope: form.scope, criteria: ccCriteriaOf(form, parks), remark: form.remark.trim(), skip_open: false };
}

/** Lines of an order that a second count takes: those whose last count differed from the book. */
export const differs = (result: number | null) => result === CYCLE_COUNT_RESULT.values.SURPLUS || result === CYCLE_COUNT_RESULT.values.MISSING;

/** The distinct locations of lines, in their order. */
export const locationsOf = (lines: readonly { location_id: string }[]) => [...new Set(lines.map((l) => l.location_id))];

/**
 * The locations a second count is asked for: none named means all differing ones (the call's
 * default), so a full selection sends an empty list.
 */
export function secondCountLocations(all: readonly string[], chosen: ReadonlySet<string>): string[] {
  return all.every((l) => chosen.has(l)) ? [] : all.filter((l) => chosen.has(l));
}

/** An accuracy (0–1, or null when nothing was counted) as a percentage with one decimal. */
export const accuracyText = (accuracy: number | null) => (accuracy === null ? '–' : `${(accuracy * 100).toFixed(1)}%`);

/** The days of a range ending today: `days` days back to today, as YYYY-MM-DD on the calendar of `now` (local). */
export function lastDays(days: number, now: Date): [string, string] {
  const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const from = new Date(now);
  from.setDate(from.getDate() - (days - 1));
  return [iso(from), iso(now)];
}

/** A page of one path parameter (…/cctask/$task_id) opened at a record. */
export const pageAt = (page: string, value: string) => page.replace(/\$[A-Za-z_]+/, encodeURIComponent(value));
