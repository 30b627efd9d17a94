import { QC_RULE_KIND, type CodeOf } from './codes';

/**
 * How many units of an ASN line QC inspects (spec §3 QC rule kinds: SKU attributes 1, percentage
 * based 2, AQL 3) and, for AQL rules, when the lot passes. Pure, shared by the server (QC tasks,
 * get_expected_qc_qty) and the screens.
 *
 * AQL follows ISO 2859-1 (ANSI/ASQ Z1.4): general inspection level II, single sampling, normal
 * inspection. Table 1 gives the sample size code letter of a lot size; Table 2-A the sample size
 * of each letter and, per AQL, the acceptance and rejection numbers — or an arrow to the first
 * plan below (↓) or above (↑) it, whose sample size is then used. A sample as large as the lot
 * means inspecting every unit.
 */

export type QcRuleKind = CodeOf<typeof QC_RULE_KIND>;

/** The AQL columns a rule may choose (percent nonconforming); the range warehouses use for goods receipt. */
export const AQL_LEVELS = ['0.25', '0.40', '0.65', '1.0', '1.5', '2.5', '4.0', '6.5'] as const;
export type AqlLevel = (typeof AQL_LEVELS)[number];
export const isAqlLevel = (value: unknown): value is AqlLevel => (AQL_LEVELS as readonly unknown[]).includes(value);

/** Code letters of Table 2-A with their sample sizes. */
const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'J', 'K', 'L', 'M', 'N', 'P', 'Q', 'R'] as const;
export type CodeLetter = (typeof LETTERS)[number];
const SAMPLE_SIZE: Readonly<Record<CodeLetter, number>> = {
  A: 2, B: 3, C: 5, D: 8, E: 13, F: 20, G: 32, H: 50, J: 80, K: 125, L: 200, M: 315, N: 500, P: 800, Q: 1250, R: 2000,
};

/** Table 1, general inspection level II: the largest lot of each code letter (Q beyond 500 000). */
const LEVEL_II: readonly (readonly [number, CodeLetter])[] = [
  [8, 'A'], [15, 'B'], [25, 'C'], [50, 'D'], [90, 'E'], [150, 'F'], [280, 'G'], [500, 'H'],
  [1200, 'J'], [3200, 'K'], [10000, 'L'], [35000, 'M'], [150000, 'N'], [500000, 'P'],
];

/** The sample size code letter of a lot (ISO 2859-1 Table 1, level II); lots of 1 take A. */
export function codeLetterOf(lotSize: number): CodeLetter {
  return LEVEL_II.find(([max]) => lotSize <= max)?.[1] ?? 'Q';
}

/**
 * Table 2-A as the structure it has: in each AQL column the plans run down a diagonal staircase.
 * Ac 0 sits at the letter below (ZERO_ROW), the next letter points up (↑, back to that plan), the
 * one after points down (↓, to the Ac 1 plan), then Ac 1, 2, 3, 5, 7, 10, 14, 21 follow letter by
 * letter, and past 21 the column points up to the 21 plan. Letters above the Ac 0 plan point down to it.
 */
const ZERO_ROW: Readonly<Record<AqlLevel, number>> = {
  '0.25': 7, '0.40': 6, '0.65': 5, '1.0': 4, '1.5': 3, '2.5': 2, '4.0': 1, '6.5': 0,
};
const ACCEPTANCE = [1, 2, 3, 5, 7, 10, 14, 21] as const;

export interface AqlPlan {
  aql_level: AqlLevel;
  /** The lot's own code letter (Table 1). */
  code_letter: CodeLetter;
  /** The letter whose plan applies after following the arrows. */
  plan_letter: CodeLetter;
  /** Units to inspect: the plan's sample size, or the whole lot when that is smaller. */
  sample_qty: number;
  /** Accept the lot with at most this many nonconforming units in the sample (Ac)… */
  accept_qty: number;
  /** …and reject it with this many or more (Re). */
  reject_qty: number;
}

/** The plan (row index, Ac) a letter row uses in an AQL column, arrows followed. */
function planAt(row: number, aql: AqlLevel): { row: number; ac: number } {
  const zero = ZERO_ROW[aql];
  if (row <= zero + 1) return { row: zero, ac: 0 }; // ↓ above it, the plan itself, and the ↑ right below it
  if (row === zero + 2) return { row: zero + 3, ac: 1 }; // ↓ to the Ac 1 plan
  const step = Math.min(row - (zero + 3), ACCEPTANCE.length - 1); // past Ac 21: ↑ to it
  return { row: zero + 3 + step, ac: ACCEPTANCE[step]! };
}

/** The AQL sampling plan of a lot; null for an empty lot (nothing to inspect). */
export function aqlPlan(lotSize: number, aql: AqlLevel): AqlPlan | null {
  if (!Number.isInteger(lotSize) || lotSize <= 0) return null;
  const letter = codeLetterOf(lotSize);
  const { row, ac } = planAt(LETTERS.indexOf(letter), aql);
  const planLetter = LETTERS[row]!;
  return {
    aql_level: aql, code_letter: letter, plan_letter: planLetter,
    sample_qty: Math.min(lotSize, SAMPLE_SIZE[planLetter]), accept_qty: ac, reject_qty: ac + 1,
  };
}

/** What a QC rule says about inspecting a line. */
export interface QcRuleTerms {
  rule_kind: QcRuleKind;
  /** Percentage rules: share of the line to inspect, 1–100. */
  sample_percent: number | null;
  /** AQL rules. */
  aql_level: string | null;
}

export interface QcSample {
  sample_qty: number;
  /** AQL rules only: the plan the sample comes from. */
  plan: AqlPlan | null;
}

/**
 * Units of a line of `lotSize` counted units a rule asks QC to inspect: SKU attributes — one unit
 * (its dimensions, weight, labels and barcode checked against the SKU's record); percentage — that
 * share, rounded up; AQL — the plan's sample. Never more than the lot; 0 for an empty lot.
 */
export function qcSample(rule: QcRuleTerms, lotSize: number): QcSample {
  if (lotSize <= 0) return { sample_qty: 0, plan: null };
  switch (rule.rule_kind) {
    case QC_RULE_KIND.values.SKU_ATTRIBUTES:
      return { sample_qty: 1, plan: null };
    case QC_RULE_KIND.values.PERCENTAGE_BASED: {
      const percent = Math.min(100, Math.max(1, rule.sample_percent ?? 100));
      return { sample_qty: Math.min(lotSize, Math.ceil((lotSize * percent) / 100)), plan: null };
    }
    case QC_RULE_KIND.values.AQL: {
      const plan = isAqlLevel(rule.aql_level) ? aqlPlan(lotSize, rule.aql_level) : null;
      // A rule saved without a usable level inspects the whole line rather than nothing.
      return plan ? { sample_qty: plan.sample_qty, plan } : { sample_qty: lotSize, plan: null };
    }
  }
}

/** An AQL lot's verdict from the nonconforming units found in its sample. */
export const aqlVerdict = (plan: AqlPlan, failedQty: number): 'accept' | 'reject' => (failedQty >= plan.reject_qty ? 'reject' : 'accept');

/** A QC rule as matching reads it. */
export interface QcRuleMatch extends QcRuleTerms {
  rule_id: number;
  priority: number;
  /** Active 1 / inactive 2. */
  status: number;
  supplier_id: string | null;
  category_prefix: string | null;
  high_value_only: boolean;
}

/** What a rule is matched against: the ASN's supplier and the line's SKU. */
export interface QcSubject {
  supplier_id: string | null;
  category: string | null;
  is_high_value: boolean;
}

/**
 * The rule that decides a line: the first active rule by priority (then id) whose set conditions
 * all hold — the ASN's supplier, the SKU's category starting with the prefix (any case), a
 * high-value SKU. Null when none applies: the line is not inspected.
 */
export function matchQcRule<R extends QcRuleMatch>(rules: readonly R[], subject: QcSubject): R | null {
  const ordered = [...rules].sort((a, b) => a.priority - b.priority || a.rule_id - b.rule_id);
  return ordered.find((r) => r.status === 1
    && (r.supplier_id === null || r.supplier_id === subject.supplier_id)
    && (r.category_prefix === null || (subject.category ?? '').toLowerCase().startsWith(r.category_prefix.toLowerCase()))
    && (!r.high_value_only || subject.is_high_value)) ?? null;
}
