import { z } from 'zod';
import { QUOTA_MODE } from '../codes';
import { UPPER_BOUND } from '../constants';
import { DELIVERY_SLOT_PAGES } from '../resources/inbound-shift.resource';
import { derivePerm } from '../routes/derive';
import { codeOf, isoDate } from './asn.contract';
import { endpoint } from './define';
import { rowId } from './values';

/**
 * ASN quota and delivery slots (spec §7 ASN quota calls; §3 warehouse quota_mode 0 separated /
 * 1 integrated; §4 the mode switch). A delivery slot is a day × a receiving shift; its plan says
 * what it takes per inbound type (type 0 in integrated mode); a slot without a plan takes its
 * shift's share of the daily default (the config). Receiving shifts are the resource
 * `inbound_shift` (shared/resources/inbound-shift.resource.ts).
 */

const QUOTA = '/apps/config/asnquota';
export const QUOTA_PAGES = {
  list: '/rulecenter/quotaConfig/asnQuotaList',
  configuration: '/rulecenter/quotaConfig/asnQuotaConfiguration/{-$quotaMode}',
} as const;
const LIST_VIEW = derivePerm(QUOTA_PAGES.list);
const LIST_EDIT = 'PC.RuleCenter.QuotaConfig.AsnQuotaList.Edit';
const CONFIG_VIEW = 'PC.RuleCenter.QuotaConfig.ASNQuotaConfiguration.View';
const CONFIG_EDIT = 'PC.RuleCenter.QuotaConfig.ASNQuotaConfiguration.Edit';
export const QUOTA_SWITCH_PERM = 'PC.RuleCenter.QuotaConfig.ASNQuotaConfiguration.Switch';

/** The inbound type of a plan or config: an inbound order type (separated mode) or 0 (integrated). */
const quotaType = z.literal([0, 1, 2, 3]);
const quotaQty = z.number().int().min(0).max(UPPER_BOUND);
const quotaCartons = z.number().int().min(0).max(UPPER_BOUND);
const seconds = z.number().int();
const dateRange = { date_from: isoDate().optional(), date_to: isoDate().optional() };
const slotKey = { plan_date: isoDate(), shift_id: rowId(), inbound_type: quotaType };

const planRow = z.object({
  plan_date: z.string(),
  shift_id: z.number().int(),
  shift_name: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  inbound_type: z.number().int(),
  quota_qty: z.number().int(),
  quota_cartons: z.number().int(),
  used_qty: z.number().int(),
  used_cartons: z.number().int(),
  enabled: z.literal([0, 1]),
  /** 1: nobody set this slot's plan: the figures follow the daily default. */
  is_default: z.literal([0, 1]),
  updated_at: seconds.nullable(),
});
export type QuotaPlanRow = z.output<typeof planRow>;

const configRow = z.object({
  inbound_type: z.number().int(),
  /** null: no default set, so slots without a plan take any booking. */
  daily_quota_qty: z.number().int().nullable(),
  daily_quota_cartons: z.number().int().nullable(),
  updated_at: seconds.nullable(),
});
const configAnswer = z.object({ quota_mode: z.number().int(), list: z.array(configRow) });

const updated = z.object({ updated: z.number().int() });

export const asnQuotaContract = {
  searchAsnQuotaPlan: endpoint({
    method: 'GET', path: `${QUOTA}/search_asn_quota_plan`, access: { perm: LIST_VIEW }, allowDuplicateInFlight: true,
    summary: 'The delivery slots of a date range (today and the next 6 days by default, at most 62): each active shift × inbound type of the warehouse\'s mode, its plan or the daily default\'s share, and its use.',
    input: z.object({ ...dateRange, shift_id: rowId().optional(), inbound_type: z.coerce.number().pipe(quotaType).optional() }),
    output: z.object({ quota_mode: z.number().int(), date_from: z.string(), date_to: z.string(), list: z.array(planRow) }),
  }),
  updateAsnQuotaPlan: endpoint({
    method: 'POST', path: `${QUOTA}/update_asn_quota_plan`, access: { perm: LIST_EDIT },
    summary: 'Sets the quota of one delivery slot (today or later) for an inbound type of the warehouse\'s mode; -287002 below what is booked.',
    input: z.object({ ...slotKey, quota_qty: quotaQty, quota_cartons: quotaCartons }),
    output: planRow,
  }),
  massUpdateAsnQuotaPlan: endpoint({
    method: 'POST', path: `${QUOTA}/mass_update_asn_quota_plan`, access: { perm: LIST_EDIT },
    summary: 'Sets the quota of every slot of a date range (optionally only some shifts, inbound types and days of the week, 0 Sunday … 6 Saturday), all or nothing; -287002 naming the first slot already booked beyond it.',
    input: z.object({
      date_from: isoDate(),
      date_to: isoDate(),
      shift_ids: z.array(rowId()).min(1).max(50).optional(),
      inbound_types: z.array(quotaType).min(1).max(4).optional(),
      weekdays: z.array(z.number().int().min(0).max(6)).min(1).max(7).optional(),
      quota_qty: quotaQty,
      quota_cartons: quotaCartons,
    }),
    output: updated,
  }),
  enableAsnQuotaPlan: endpoint({
    method: 'POST', path: `${QUOTA}/enable_asn_quota_plan`, access: { perm: LIST_EDIT },
    summary: 'Enforces the quota of the slots listed (today or later): bookings beyond it are refused.',
    input: z.object({ list: z.array(z.object(slotKey)).min(1).max(500) }),
    output: updated,
  }),
  disableAsnQuotaPlan: endpoint({
    method: 'POST', path: `${QUOTA}/disable_asn_quota_plan`, access: { perm: LIST_EDIT },
    summary: 'Stops enforcing the quota of the slots listed (today or later): they take any booking, still counted.',
    input: z.object({ list: z.array(z.object(slotKey)).min(1).max(500) }),
    output: updated,
  }),
  searchAsnQuotaConfig: endpoint({
    method: 'GET', path: `${QUOTA}/search_asn_quota_config`, access: { perm: CONFIG_VIEW },
    summary: 'The warehouse\'s quota mode and the daily default of each inbound type of that mode (0 in integrated mode).',
    input: z.object({}),
    output: configAnswer,
  }),
  updateAsnQuotaConfig: endpoint({
    method: 'POST', path: `${QUOTA}/update_asn_quota_config`, access: { perm: CONFIG_EDIT },
    summary: 'Sets daily defaults of inbound types of the warehouse\'s mode; slots nobody planned follow them from today on.',
    input: z.object({
      list: z.array(z.object({ inbound_type: quotaType, daily_quota_qty: quotaQty, daily_quota_cartons: quotaCartons })).min(1).max(4)
        .superRefine((rows, ctx) => rows.forEach((row, i) => {
          if (rows.findIndex((r) => r.inbound_type === row.inbound_type) !== i) ctx.addIssue({ code: 'custom', path: [i, 'inbound_type'], message: 'listed twice' });
        })),
    }),
    output: configAnswer,
  }),
  getAvgMaxUsedQty: endpoint({
    method: 'GET', path: `${QUOTA}/get_avg_max_used_qty`, access: { perm: CONFIG_VIEW },
    summary: 'Average and highest daily booked units and cartons of each inbound type of the warehouse\'s mode over the last days (7, 14, 30, 60 or 90; today excluded): a guide for the defaults.',
    input: z.object({ days: z.coerce.number().pipe(z.literal([7, 14, 30, 60, 90])).default(30) }),
    output: z.object({
      days: z.number().int(),
      quota_mode: z.number().int(),
      list: z.array(z.object({
        inbound_type: z.number().int(), avg_used_qty: z.number().int(), max_used_qty: z.number().int(), avg_used_cartons: z.number().int(), max_used_cartons: z.number().int(),
      })),
    }),
  }),
  getCartonUsedQty: endpoint({
    method: 'GET', path: `${QUOTA}/get_carton_used_qty`, access: { perm: derivePerm(DELIVERY_SLOT_PAGES.list) },
    summary: 'The delivery slots of a date range (today and the next 6 days by default, at most 31), all inbound types together: units and cartons booked against the quota, and how many ASNs.',
    input: z.object(dateRange),
    output: z.object({
      date_from: z.string(),
      date_to: z.string(),
      list: z.array(z.object({
        plan_date: z.string(), shift_id: z.number().int(), shift_name: z.string(), start_time: z.string(), end_time: z.string(),
        quota_qty: z.number().int(), used_qty: z.number().int(), quota_cartons: z.number().int(), used_cartons: z.number().int(),
        asn_count: z.number().int(), enabled: z.literal([0, 1]),
      })),
    }),
  }),
  switchAsnQuotaMode: endpoint({
    method: 'POST', path: `${QUOTA}/switch_asn_quota_mode`, access: { perm: QUOTA_SWITCH_PERM },
    summary: 'Switches the warehouse between separated (0) and integrated (1) quotas (spec §4): slots from today on are converted (their use kept) and quota_mode flips; -287003 when the mode shown is no longer the stored one.',
    input: z.object({ current_mode: codeOf(QUOTA_MODE), new_mode: codeOf(QUOTA_MODE) })
      .refine((v) => v.current_mode !== v.new_mode, { path: ['new_mode'], message: 'is the current mode' }),
    output: z.object({ quota_mode: z.number().int() }),
  }),
} as const;
