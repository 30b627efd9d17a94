import { z } from 'zod';
import { TRACKING_ID_PATTERN } from '../asn';
import { UPPER_BOUND } from '../constants';
import { derivePerm, pageActionPerm } from '../routes/derive';
import { endpoint } from './define';

/**
 * Arrival (spec §2 /inbound/arriving and /moveinbound/move/arrving; §7 the move-transfer arrival
 * calls, used for every inbound ASN). The arrival sheet is an ASN number or an ASN group number;
 * an MTB is a box (carton or parcel) known by its tracking id. Scanning a sheet starts the arrival
 * of its ASNs (Arriving); boxes are checked one by one; completing it makes them Arrived, with
 * the arrival timeliness against the booked slot, and records the boxes that did not come.
 */

const ARRIVAL = '/apps/process/inbound/transferinbound/trarrival';
export const ARRIVING_PAGE = '/inbound/arriving';
const ACCESS = { perm: derivePerm(ARRIVING_PAGE) } as const;
/** Arriving changes ASNs and their boxes: the screen's work needs its Action permission (calls and offline ops alike). */
export const ARRIVE = { perm: pageActionPerm(ARRIVING_PAGE, 'Action') } as const;

/** What the arrival sheet id is: an ASN or an ASN group (spec §7 scan_arrival_sheet_id). */
export const ARRIVAL_SHEET_TYPE = { ASN: 1, GROUP: 2 } as const;

const sheetId = z.string().trim().min(1).max(32);
const trackingId = z.string().trim().regex(TRACKING_ID_PATTERN, 'letters, digits and -, up to 64');
const seconds = z.number().int();

const box = z.object({
  tracking_id: z.string(),
  asn_no: z.string(),
  /** TRACKING_ID_STATUS. */
  status: z.number().int(),
  carton_qty: z.number().int(),
  arrived_at: seconds.nullable(),
  /** 1: the box came damaged (Pre-QC); an inbound exception was raised for it. */
  is_damaged: z.literal([0, 1]),
});
export type ArrivalBox = z.output<typeof box>;

const sheet = z.object({
  sheet_id: z.string(),
  sheet_type: z.literal([ARRIVAL_SHEET_TYPE.ASN, ARRIVAL_SHEET_TYPE.GROUP]),
  group_no: z.string(),
  /** 1: every box is to be scanned (and checked) before completing (spec §7 scan-MTB setting). */
  is_scan_mtb: z.literal([0, 1]),
  asn_list: z.array(z.object({
    asn_no: z.string(),
    status: z.number().int(),
    inbound_type: z.number().int(),
    supplier_id: z.string().nullable(),
    slot_date: z.string().nullable(),
    shift_name: z.string().nullable(),
    expected_cartons: z.number().int(),
    arrival_timeliness: z.number().int(),
  })),
  expected_count: z.number().int(),
  checked_count: z.number().int(),
  missing_count: z.number().int(),
});
export type ArrivalSheet = z.output<typeof sheet>;

const boxList = z.object({ list: z.array(box), total: z.number().int() });
/** A sheet's call or op: the ASN or ASN group number. */
export const sheetInput = z.object({ sheet_id: sheetId });
/** A box of the sheet, checked as arrived. */
export const boxInput = z.object({ sheet_id: sheetId, tracking_id: trackingId });
/** Pre-QC of a checked box: its carton count as labelled, damaged or not. */
export const preQcInput = boxInput.extend({
  carton_qty: z.number().int().min(1).max(UPPER_BOUND).optional(),
  is_damaged: z.literal([0, 1]).optional(),
}).refine((v) => v.carton_qty !== undefined || v.is_damaged !== undefined, { path: ['carton_qty'], message: 'give carton_qty or is_damaged' });
const boxListCall = <P extends string>(path: P, which: string) => endpoint({
  method: 'GET', path, access: ACCESS,
  summary: `The ${which} boxes of an arrival sheet's ASNs, by tracking id; -100404 for an unknown sheet.`,
  input: sheetInput,
  output: boxList,
});

export const arrivalContract = {
  getArrivalSheet: endpoint({
    method: 'GET', path: `${ARRIVAL}/get_arrival_sheet`, access: ACCESS, offlineRead: true,
    summary: 'An arrival sheet as it stands, without starting it: its ASNs and every box of them (expected, checked, damaged, missing); -100404 for an unknown sheet. Kept by the service worker, so a sheet opened once opens again offline.',
    input: sheetInput,
    output: z.object({ sheet, boxes: z.array(box) }),
  }),
  getArrivalConfig: endpoint({
    method: 'GET', path: `${ARRIVAL}/get_arrival_config`, access: ACCESS, offlineRead: true,
    summary: 'The warehouse\'s arrival settings: is_scan_mtb (setting is_scan_mtb) 1 when every box is scanned and checked at arrival (Arriving & Pre-QC).',
    // The spec's random parameter is a cache-buster: unknown keys are ignored.
    input: z.object({}),
    output: z.object({ is_scan_mtb: z.literal([0, 1]) }),
  }),
  scanArrivalSheetId: endpoint({
    method: 'POST', path: `${ARRIVAL}/scan_arrival_sheet_id`, access: ARRIVE,
    summary: 'Starts (or resumes) the arrival of an ASN or an ASN group: its pending and in-transit ASNs become Arriving; -100412 when none of them can arrive, -100404 for an unknown sheet.',
    input: sheetInput,
    output: sheet,
  }),
  saveArrivalMtb: endpoint({
    method: 'POST', path: `${ARRIVAL}/save_arrival_mtb`, access: ARRIVE,
    summary: 'Checks a box of the sheet as arrived; -287010 when it is not one of the sheet\'s, -287011 when it was checked already, -100412 when its ASN is not arriving.',
    input: boxInput,
    output: z.object({ box, sheet }),
  }),
  updateArrivalMtb: endpoint({
    method: 'POST', path: `${ARRIVAL}/update_arrival_mtb`, access: ARRIVE,
    summary: 'Pre-QC of a checked box: its carton count as labelled, or damaged (an inbound exception is raised) or not damaged after all (the pending exception is cancelled).',
    input: preQcInput,
    output: z.object({ box, sheet }),
  }),
  completeArrival: endpoint({
    method: 'POST', path: `${ARRIVAL}/complete_arrival`, access: ARRIVE,
    summary: 'Completes the arrival of the sheet\'s arriving ASNs: Arrived, with arrival timeliness against each booked slot; boxes not checked (when boxes are scanned) are recorded missing with a shortage exception.',
    input: sheetInput,
    output: z.object({ sheet, missing: z.array(z.string()) }),
  }),
  searchExpectedArrivalMtb: boxListCall(`${ARRIVAL}/search_expected_arrival_mtb`, 'expected (not yet checked)'),
  searchCheckedArrivalMtb: boxListCall(`${ARRIVAL}/search_checked_arrival_mtb`, 'checked (arrived, damaged ones included)'),
  searchMissingArrivalMtb: boxListCall(`${ARRIVAL}/search_missing_arrival_mtb`, 'missing (recorded at completion)'),
} as const;
