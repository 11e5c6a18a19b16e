/**
 * Freeze and Unfreeze, the policy (pure over a port; src/office/frozen.ts implements the port over
 * Excel.run). Freeze replaces every formula that makes an SVC call by the values it shows, in an order
 * that never loses a formula whatever Excel refuses on the way:
 *   1. sheets that are protected are refused up front (Excel refuses writes there), nothing changed;
 *   2. the formulas are kept first (with the fingerprint of the values they show);
 *   3. then the values are written;
 *   4. then each cell is stamped "as of", best effort: a stamp Excel refuses (the cell already has a
 *      comment, comments not supported) is reported, never fatal.
 * Unfreeze restores only entries that pass check.ts and whose cells still hold what was frozen, removes
 * their stamps (ours only: a person's comment stays), and keeps the rest. While a person edits a cell
 * Excel refuses every request: that is said as "finish editing the cell, then try again".
 */
import type { DefinedName } from "../../formula";
import type { FormulaCell } from "../types";
import { frozenEntryProblem } from "./check";

export interface FrozenEntry {
  /** The anchor cell whose formula was replaced. */
  address: string;
  /** The cells the values were written to (the spill range). */
  range: string;
  formula: string;
  /** ISO time the values were current. */
  asOf: string;
  /** Fingerprint of the frozen values (absent in parts written before it existed). */
  digest?: string;
}

/** What the values of a range are now: their fingerprint, and whether a cell of it holds a formula. */
export interface RangeState {
  digest: string;
  formulas: boolean;
}

/** The workbook as Freeze and Unfreeze see it (src/office/frozen.ts). */
export interface FrozenBook {
  /** Every kept entry. */
  entries(): Promise<FrozenEntry[]>;
  /** Keep exactly these entries. */
  save(entries: readonly FrozenEntry[]): Promise<void>;
  /** Which of these sheets are protected. */
  protectedSheets(sheets: readonly string[]): Promise<string[]>;
  /** Where each formula's values lie (its spill, else its cell). */
  targets(cells: readonly FormulaCell[]): Promise<string[]>;
  /** The state of each range (null: its sheet does not exist). */
  states(ranges: readonly string[]): Promise<(RangeState | null)[]>;
  /** Write over each range the values it shows. */
  writeValues(ranges: readonly string[]): Promise<void>;
  /** Add the stamps; returns those not added, with why. */
  stamp(stamps: readonly { address: string; text: string }[]): Promise<{ address: string; reason: string }[]>;
  /** Remove our stamps from these cells (a comment that is not a stamp stays). */
  unstamp(addresses: readonly string[], isStamp: (text: string) => boolean): Promise<void>;
  /** Clear each entry's range and put its formula back. */
  restore(entries: readonly FrozenEntry[]): Promise<void>;
  /** The workbook's defined names (a formula may reach elsewhere through one). */
  names(): Promise<DefinedName[]>;
}

export interface FreezeResult {
  frozen: FrozenEntry[];
  /** Cells frozen but not stamped, with why (the values and the kept formula are in place). */
  unstamped: { address: string; reason: string }[];
}

export interface UnfreezeResult {
  restored: FrozenEntry[];
  /** Entries left as they are, with the reason (nothing of theirs was written). */
  refused: { entry: FrozenEntry; reason: string }[];
}

const STAMP_START = "SVC values as of ";

export function stampText(asOf: string, source: string | null): string {
  const text = `${STAMP_START}${asOf.replace("T", " ").slice(0, 16)} UTC (frozen: no add-in, sign-in or call needed). Unfreeze from the SVC pane to restore the formula.`;
  return source ? `${text} ${source}` : text;
}

const isStamp = (text: string) => text.startsWith(STAMP_START);

/** A request Excel refused because a person is typing in a cell, said as what to do. */
function plainly(e: unknown): unknown {
  if ((e as { code?: unknown })?.code === "InvalidOperationInCellEditMode") return new Error("Excel is busy while a cell is being edited: finish editing the cell, then try again.");
  return e;
}

async function said<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    throw plainly(e);
  }
}

const sheetOf = (address: string) => address.slice(0, address.lastIndexOf("!")).replace(/^'(.*)'$/, "$1").replace(/''/g, "'");

/** Freeze the cells `read` finds (each formula's values written over it) at `asOf`; `sourceOf` names the filing of an anchor's values. */
export function freezeCells(book: FrozenBook, read: () => Promise<readonly FormulaCell[]>, asOf: string, sourceOf: (address: string) => string | null): Promise<FreezeResult> {
  return said(async () => {
    const cells = await read();
    if (cells.length === 0) return { frozen: [], unstamped: [] };
    const locked = await book.protectedSheets([...new Set(cells.map((c) => sheetOf(c.address)))]);
    if (locked.length) throw new Error(`Not frozen: ${locked.map((s) => `"${s}"`).join(", ")} ${locked.length === 1 ? "is a protected sheet" : "are protected sheets"}, where Excel refuses every write. Unprotect it (Review > Unprotect Sheet), then freeze again; nothing was changed.`);
    const kept = await book.entries();
    const ranges = await book.targets(cells);
    const states = await book.states(ranges);
    const frozen = cells.map((c, i): FrozenEntry => ({ address: c.address, range: ranges[i], formula: c.formula, asOf, digest: states[i]?.digest }));
    const others = kept.filter((e) => !frozen.some((f) => f.address === e.address));
    await book.save([...others, ...frozen]); // the formulas first: whatever fails next, Unfreeze brings them back
    await book.writeValues(ranges);
    let unstamped: FreezeResult["unstamped"];
    try {
      unstamped = await book.stamp(frozen.map((e) => ({ address: e.address, text: stampText(asOf, sourceOf(e.address)) })));
    } catch (e) {
      const reason = String((plainly(e) as Error)?.message ?? e);
      unstamped = frozen.map((f) => ({ address: f.address, reason }));
    }
    return { frozen, unstamped };
  });
}

/** Whether a kept entry's cell lies inside `within` (a range reference parsed by the caller). */
export type Inside = (e: FrozenEntry) => boolean;

/** Put the kept formulas back (those `inside` says) where they pass the checks; refuse the rest. */
export function unfreezeEntries(book: FrozenBook, inside: Inside = () => true): Promise<UnfreezeResult> {
  return said(async () => {
    const entries = await book.entries();
    const names = await book.names();
    const out: UnfreezeResult = { restored: [], refused: [] };
    const asked: FrozenEntry[] = [];
    for (const entry of entries.filter(inside)) {
      const problem = frozenEntryProblem(entry, names);
      if (problem) out.refused.push({ entry, reason: problem });
      else asked.push(entry);
    }
    const states = await book.states(asked.map((e) => e.range));
    asked.forEach((entry, i) => {
      const s = states[i];
      if (!s) out.refused.push({ entry, reason: `there is no sheet "${sheetOf(entry.range)}"` });
      else if (entry.digest ? s.digest === entry.digest : !s.formulas) out.restored.push(entry);
      else out.refused.push({ entry, reason: "its cells no longer hold the values that were frozen (edited since?)" });
    });
    await book.restore(out.restored);
    try {
      await book.unstamp(out.restored.map((e) => e.address), isStamp);
    } catch {
      /* a stamp left behind is only a comment */
    }
    await book.save(entries.filter((e) => !out.restored.includes(e)));
    return out;
  });
}
