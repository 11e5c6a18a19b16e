/**
 * INDEX(reference, row, [column]) hands a function a reference, as a plain reference does: Excel
 * passes the cell it picks, so an empty cell is "the cell is empty" (no call), not the 0 a formula
 * engine would compute, and a spill reference that did not spill is #REF! (no call).
 */
import { cellAddress, rangeAddress } from "../text/address";
import { Node, NodeOf } from "../text/ast";
import { plainFunctionName } from "../text/fn-names";
import { areaOf } from "../text/refs";
import { AreaRef, ArgValue, CellRef, isErrorValue } from "../types";
import type { Arg } from "./plan";
import type { Reads } from "./reads";

export type Picked = { ok: true; value: ArgValue } | { ok: false; invalid: string };

const whole = (n: Node | null | undefined): number | null | undefined => {
  if (n === null || n === undefined) return undefined;
  return n.kind === "number" && Number.isInteger(n.value) && n.value >= 1 ? n.value : null;
};

/** The cell INDEX picks in `area` (a one-row area with one index picks a column, as Excel does), or null when outside. */
function pick(area: AreaRef, row: number, col: number | undefined): CellRef | null {
  const oneRow = area.r0 === area.r1;
  const [r, c] = col === undefined ? (oneRow ? [1, row] : [row, 1]) : [row, col];
  const at = { sheet: area.sheet, row: area.r0 + r - 1, col: area.c0 + c - 1 };
  return at.row <= area.r1 && at.col <= area.c1 ? at : null;
}

/** The reference INDEX's first argument names (its spill range for `A2#`), or why there is none. */
function areaIn(ref: NodeOf<"ref">, sheet: string, reads: Reads): AreaRef | string {
  const area = areaOf(ref, sheet);
  if (!reads.sheetExists(area.sheet)) return `#REF! (there is no sheet "${area.sheet}")`;
  if (!ref.spill) return area;
  return reads.spill({ sheet: area.sheet, row: area.r0, col: area.c0 }) ?? `#REF! (${cellAddress(area.sheet, area.r0, area.c0)} holds no spilled result)`;
}

/** The argument's value when it is INDEX of a reference with whole-number positions; null: not that form. */
export function indexReference(node: Node, sheet: string, arg: Arg, reads: Reads, label: string): Picked | null {
  if (node.kind !== "call" || plainFunctionName(node.name) !== "INDEX" || node.args.length < 2 || node.args.length > 3) return null;
  const [ref, rowNode, colNode] = node.args;
  const row = whole(rowNode);
  const col = whole(colNode);
  if (ref?.kind !== "ref" || ref.prefix?.book || !row || col === null) return null;
  const area = areaIn(ref, sheet, reads);
  if (typeof area === "string") return { ok: false, invalid: `${label}: ${area}` };
  const at = pick(area, row, col);
  if (!at) return { ok: false, invalid: `${label}: #REF! (position ${row}${col ? `, ${col}` : ""} is outside ${rangeAddress(area)})` };
  const v = reads.passed(at);
  if (isErrorValue(v)) return { ok: false, invalid: `${label}: ${cellAddress(at.sheet === sheet ? "" : at.sheet, at.row, at.col)} shows ${v.error}` };
  if (v === null && !arg.optional) return { ok: false, invalid: `${label}: the cell is empty (${cellAddress(at.sheet === sheet ? "" : at.sheet, at.row, at.col)})` };
  return { ok: true, value: v };
}
