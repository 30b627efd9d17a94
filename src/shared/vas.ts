import { INBOUND_TASK_KIND } from './codes';

/**
 * Value-added services of inbound (spec §3 task kinds labelling, bundling, repackaging): units an
 * ASN line asks to rework, or an exception's decision sends to be relabelled or repackaged, wait
 * blocked in staging under a VAS task until it is done, then go on to putaway
 * (server/modules/inbound/vas.ts; docs/decisions.md "VAS tasks").
 */

const K = INBOUND_TASK_KIND.values;
export const VAS_KINDS = [K.LABELLING, K.BUNDLING, K.REPACKAGING] as const;
export type VasKind = (typeof VAS_KINDS)[number];

export const isVasKind = (kind: number | null | undefined): kind is VasKind => (VAS_KINDS as readonly (number | null | undefined)[]).includes(kind);
