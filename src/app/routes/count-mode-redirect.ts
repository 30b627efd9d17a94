import { normalize } from './route-match';

/**
 * Spec §2 Inventory Management: the cycle count pages (/inventorymanage/cc/…) and the full stock
 * count pages (/inventorymanage/fsc/…) redirect to each other by whether a full stock count runs
 * in the warehouse. Pure: the shell's guard (router.tsx) runs it on every signed-in navigation,
 * with the session's flag, before a page's access or screen is looked at.
 */

const CC = '/inventorymanage/cc';
const FSC = '/inventorymanage/fsc';
/** Where each side's redirect lands: the other side's order list. */
export const CC_LANDING = `${CC}/ccorder`;
export const FSC_LANDING = `${FSC}/fscorder`;

const under = (path: string, root: string) => path === root || path.startsWith(`${root}/`);

/** Whether the path is a cycle count or a full stock count page (a group, a list, a detail, a form). */
export const isCountModePath = (pathname: string): boolean => {
  const path = normalize(pathname).toLowerCase();
  return under(path, CC) || under(path, FSC);
};

/**
 * Where a path goes instead, and why: a cycle count page while a full stock count runs opens the
 * full stock count orders (`running`: "Full Stock Count already start"); a full stock count page
 * while none runs opens the cycle count orders ("Full Stock Count already end"). Null: stay.
 */
export function countModeRedirect(pathname: string, fullStockCountRunning: boolean): { to: string; running: boolean } | null {
  const path = normalize(pathname).toLowerCase();
  if (fullStockCountRunning && under(path, CC)) return { to: FSC_LANDING, running: true };
  if (!fullStockCountRunning && under(path, FSC)) return { to: CC_LANDING, running: false };
  return null;
}
