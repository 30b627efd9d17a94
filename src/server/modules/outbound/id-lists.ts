/**
 * Lists of ids a rule keeps in one text column (picking skills' zones, store group templates'
 * shops and groups, a wave group's wave rules): typed with commas, spaces, semicolons or new
 * lines between them, stored comma-separated.
 */

/** Ids as typed, in the order typed. */
export const typedIds = (text: string): string[] => text.split(/[\s,;]+/).map((id) => id.trim()).filter(Boolean);

/** Ids as typed, each once, sorted: how a set of ids (zones, shops) is stored. */
export const idSet = (text: string): string[] => [...new Set(typedIds(text))].sort();

/** A stored list of ids, in its order. */
export const storedIds = (text: string): string[] => text.split(',').map((id) => id.trim()).filter(Boolean);
