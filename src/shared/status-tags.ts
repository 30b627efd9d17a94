/** Colour of a status tag (spec §4), by the status text shown in it. */
export type StatusTagColor = 'default' | 'info' | 'success' | 'danger' | 'warning' | 'primary';

/**
 * The spec's table, typos included ("pedding", "peceived") since that is the text some
 * statuses carry. "picked" is listed under both info and success: success wins, because
 * the tag then tells a finished pick from one in progress ("picking", info) at a glance,
 * like the other completed steps (done, outbound).
 */
const TEXTS_BY_COLOR: Readonly<Record<Exclude<StatusTagColor, 'default'>, readonly string[]>> = {
  info: [
    'adjusting', 'assigned', 'arrived', 'approved', 'bdconfirm', 'bundling', 'counting', 'counted', 'checking',
    'checked', 'normal', 'scanning', 'received', 'peceived', 'putting', 'ongoing', 'locked', 'allocated',
    'approving', 'pending pick', 'pending', 'picking', 'shipping', 'packing', 'packed', 'sorting', 'sorted',
    'pms approving', 'using', 'judging',
    // Ours: a handover being loaded at the dock is in progress, as shipping is.
    'loading',
    // Ours: a cycle count difference order waiting for its approver, or being counted again.
    'pending approval', 'recounting',
    // Ours: a transfer request waiting for its source, and a transfer task not yet released to picking.
    'requested', 'waiting',
  ],
  // Ours: 'shipped' (a parcel handed to the carrier) and 'handled' (an exception decided) are finished, as done is;
  // 'intercepted' (a parcel stopped because its order was cancelled) is danger.
  // Ours: a return's parcel in dispute is settled by matching it to a return or sending it back.
  success: ['done', 'picked', 'outbound', 'accepted', 'takeover', 'handled', 'shipped', 'matched to a return', 'returned to buyer'],
  danger: [
    'reject', 'cancel', 'cancelled', 'damaged', 'incomplete', 'pick fail', 'rejected', 'fail', 'labelling', 'priority',
    'no stock', 'intercepted', 'missing',
  ],
  // Ours beyond the table: a consumable's stock at or below its threshold, and none left.
  // Ours: a cycle count line that counted more than the book is a warning; one that counted less, a danger.
  // Ours: a returned parcel's dispute waiting for someone to settle it.
  warning: ['repackaging', 'unarrived', 'low stock', 'surplus', 'open'],
  primary: ['invalid selling type', 'carton', 'pcs', 'pack', 'unknown', 'weighing'],
};

/**
 * A text as the table is looked up: case-insensitive, with spaces and underscores dropped, since
 * the spec writes some texts as one token ("bdconfirm") that labels spell in words ("BD
 * Confirmed") and others in words ("pending pick") that code names join (`PENDING_PICK`).
 */
const keyOf = (text: string) => text.trim().toLowerCase().replace(/[\s_]+/g, '');

const COLOR_BY_KEY: ReadonlyMap<string, StatusTagColor> = new Map(
  Object.entries(TEXTS_BY_COLOR).flatMap(([color, texts]) => texts.map((t) => [keyOf(t), color as StatusTagColor])),
);

/**
 * The colour of a status text (a label such as "Pick Fail", or a code name such as `PICK_FAIL`).
 * A text the table lists only as a verb is also found in the past tense the labels use: "Failed"
 * is "fail", "BD Confirmed" is "bdconfirm". Unlisted text ("created", "pedding" and anything
 * else) is `default`.
 */
export function statusTagColor(text: string): StatusTagColor {
  const key = keyOf(text);
  return COLOR_BY_KEY.get(key) ?? (key.endsWith('ed') ? COLOR_BY_KEY.get(key.slice(0, -2)) : undefined) ?? 'default';
}
