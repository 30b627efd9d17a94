/**
 * Row actions of a list (spec §2 "Row actions: more than 3 shows first 2, rest under More"),
 * free of the DOM: which actions a row offers and how they are laid out.
 */

export interface RowActionRule<R> {
  /** Permission the action needs; without it the action is not offered (spec §6). */
  permission?: string;
  /** Whether the action applies to this row (a status that allows it…); offered when absent. */
  visible?(row: R): boolean;
}

/** Actions shown inline before the rest go under More. */
export const MAX_INLINE_ROW_ACTIONS = 3;

/** The actions a row offers, in order: permitted and visible for it. */
export function rowActionsFor<R, A extends RowActionRule<R>>(actions: readonly A[], row: R, perms: ReadonlySet<string>): A[] {
  return actions.filter((a) => (!a.permission || perms.has(a.permission)) && (a.visible?.(row) ?? true));
}

/** Up to 3 actions show inline; more than 3 show the first 2 and put the rest under More. */
export function splitRowActions<A>(actions: readonly A[]): { inline: A[]; more: A[] } {
  if (actions.length <= MAX_INLINE_ROW_ACTIONS) return { inline: [...actions], more: [] };
  return { inline: actions.slice(0, MAX_INLINE_ROW_ACTIONS - 1), more: actions.slice(MAX_INLINE_ROW_ACTIONS - 1) };
}
