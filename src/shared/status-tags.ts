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
  ],
  success: ['done', 'picked', 'outbound', 'accepted', 'takeover'],
  danger: [
    'reject', 'cancel', 'cancelled', 'damaged', 'incomplete', 'pick fail', 'rejected', 'fail', 'labelling', 'priority',
  ],
  warning: ['repackaging', 'unarrived'],
  primary: ['invalid selling type', 'carton', 'pcs', 'pack', 'unknown', 'weighing'],
};

const COLOR_BY_TEXT: ReadonlyMap<string, StatusTagColor> = new Map(
  Object.entries(TEXTS_BY_COLOR).flatMap(([color, texts]) => texts.map((t) => [t, color as StatusTagColor])),
);

/**
 * Case-insensitive and trimmed; underscores and runs of spaces count as one space, so a code
 * name (`PICK_FAIL`) matches like its label ("Pick Fail"). Unlisted text ("created",
 * "pedding" and anything else) is `default`.
 */
export function statusTagColor(text: string): StatusTagColor {
  const key = text.trim().toLowerCase().replace(/[\s_]+/g, ' ');
  return COLOR_BY_TEXT.get(key) ?? 'default';
}
