/** One cell of an exported sheet: text, a number, or empty. */
export type Cell = string | number | null;

/** A table to write: the header row, then the rows (each as long as the header). */
export interface Sheet {
  header: readonly string[];
  rows: readonly (readonly Cell[])[];
}
