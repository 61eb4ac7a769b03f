/** Results of one outcome at one settle price, as they cross to the page (src/streams/compact-settled.ts sends them). */
export interface SettledResults {
  readonly status: string;
  readonly settlePrice: string;
  /** [order id, profit] of each. */
  readonly results: readonly (readonly [id: number, profit: string])[];
}

/** The fields of an order a result fills in. */
export interface ResultFields {
  readonly status: string;
  readonly settlePrice: string | null;
  readonly profit: string | null;
}

/**
 * The receiver's side of compact results: the rows they name, with their result filled in (a row it does not
 * hold is skipped). The sender only compacts a row whose other fields did not change, so this rebuilds it exactly.
 */
export function applySettled<T extends ResultFields>(rows: Map<number, T>, settled: readonly SettledResults[]): void {
  for (const group of settled) {
    for (const [id, profit] of group.results) {
      const row = rows.get(id);
      if (row) rows.set(id, { ...row, status: group.status, settlePrice: group.settlePrice, profit });
    }
  }
}
