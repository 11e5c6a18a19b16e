/**
 * Per-cell sources: where each result on the sheet came from — the check-the-figures
 * link, the notices the API requires to be shown, whether the value was served stale, the error the
 * cell shows, and for SVC.FINANCIALS the source of every value (XBRL concept or formula, filing
 * accession and link) so the pane can "Show source" for a selected cell. Cells cannot carry these.
 */
import { ToolName } from "../api";
import { normaliseAddress } from "../formula";

/** The source of one value of a FINANCIALS spill, at (row, col) from the formula's anchor cell. */
export interface ValueSource {
  row: number;
  col: number;
  /** Metric key, e.g. "revenue". */
  metric: string;
  /** The column's label as the cell shows it (FY2024, FQ3 2024, LTM ...). */
  period: string;
  value: number | null;
  /** XBRL concept, e.g. "us-gaap:Revenues" (null when the API gives a formula or nothing). */
  concept: string | null;
  /** Formula the API derived the value with, e.g. "gross_profit / revenue". */
  formula: string | null;
  /** Accession number of the filing the value was taken from. */
  accession: string | null;
  /** Link to that filing (the API's, else the SEC archive folder of the accession). */
  filingUrl: string | null;
  /** That filing's form ("10-K/A": an amendment restated the value), when the answer names it. */
  form?: string | null;
  /** True for values the add-in computed (LTM): `formula` then says how. */
  computed: boolean;
}

export interface CellSource {
  /** The formula's cell, e.g. "Sheet1!B2". */
  address: string;
  /** SVC function name without the namespace, e.g. "FINANCIALS". */
  fn: string;
  /** The tool of the cell's (first) request. */
  tool: ToolName;
  /** The answer's check-the-figures link ("" when the cell failed before an answer). */
  link: string;
  notices: string[];
  /** Served from cache past its lifetime because the API could not answer. */
  stale: boolean;
  /** Epoch ms when the API produced the answer (0 when there is none). */
  fetchedAt: number;
  /** The message the cell shows when it failed, else null. (Optional only for older literals; the registry always sets it.) */
  error?: string | null;
  /** The cell error code of that failure ("#N/A"), when recorded. */
  errorCode?: string;
  /** FINANCIALS: the source of each value of the spill (absent for other functions). */
  provenance?: ValueSource[];
  /**
   * The arguments the function last received for this cell, as Excel passed them (omitted ones
   * null, options included): the pane prices a formula it cannot resolve from them.
   */
  args: unknown[];
  /** The size of the grid the cell returned (absent when it failed): the cells its result covers. */
  rows?: number;
  cols?: number;
}

const MAX_ENTRIES = 20_000;

/** One spelling per cell ("'Peer set'!B2", as the pane reads addresses), whatever the host passed. */
function keyOf(address: string): string {
  try {
    return normaliseAddress(address);
  } catch {
    return address;
  }
}

/**
 * The records of one runtime's cells (the page's: built by its composition root and handed to the
 * functions through their runtime and to the pane through its port), newest last.
 */
export class SourceBook {
  private readonly sources = new Map<string, CellSource>();
  private readonly listeners = new Set<() => void>();
  private scheduled = false;

  private notify(): void {
    if (this.scheduled || this.listeners.size === 0) return;
    this.scheduled = true;
    // Batched: a recalculation records hundreds of cells; the pane redraws once.
    setTimeout(() => {
      this.scheduled = false;
      for (const l of this.listeners) {
        try {
          l();
        } catch {
          // a listener's failure is its own: the other listeners still hear of the change
        }
      }
    }, 50);
  }

  record(s: CellSource): void {
    if (!s.address) return;
    const address = keyOf(s.address);
    this.sources.delete(address);
    this.sources.set(address, { ...s, address, error: s.error ?? null });
    if (this.sources.size > MAX_ENTRIES) this.sources.delete(this.sources.keys().next().value as string);
    this.notify();
  }

  list(): CellSource[] {
    return [...this.sources.values()];
  }

  /** The record of one formula cell (by its anchor address), if any. */
  sourceOf(address: string): CellSource | undefined {
    return this.sources.get(keyOf(address));
  }

  /** The source of the value at `row`, `col` (offsets from the anchor) of a FINANCIALS spill. */
  valueSourceAt(address: string, row: number, col: number): ValueSource | undefined {
    return this.sourceOf(address)?.provenance?.find((v) => v.row === row && v.col === col);
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
