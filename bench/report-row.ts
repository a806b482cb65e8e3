/** One line of the table. */
export interface Row {
  area: string;
  measure: string;
  result: string;
  target: string;
  /** null when the row has no target. */
  met: boolean | null;
}
