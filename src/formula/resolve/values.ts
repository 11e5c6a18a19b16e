/**
 * The second step of resolving: each argument's value from the cells read — references on the fast
 * path (no engine), names through their definitions, everything else through the engine — or the
 * reason there is none, naming the argument, the cell or name, and why.
 */
import { cellAddress, rangeAddress } from "../text/address";
import { Node, NodeOf } from "../text/ast";
import { engineSupports, evaluateFormula, EngineValue } from "../engine/evaluate";
import { excelView } from "../text/excel-view";
import { plainFunctionName } from "../text/fn-names";
import { volatilityOf } from "../engine/catalogue/volatile";
import { lookupName, nameFormula } from "../text/names";
import { literalOf } from "../text/parse";
import { printNode } from "../text/print";
import { areaOf, tableAsRef, visitExpanded } from "../text/refs";
import { indexReference } from "./index-ref";
import type { Arg } from "./plan";
import type { Reads } from "./reads";
import { parseCached } from "../text/syntax";
import { ArgValue, CellRef, CellValue, isErrorValue, Scalar } from "../types";

export type ArgOutcome = { ok: true; value: ArgValue } | { ok: false; invalid?: string; run?: string };

const invalid = (message: string): ArgOutcome => ({ ok: false, invalid: message });
const run = (reason: string): ArgOutcome => ({ ok: false, run: reason });
const where = (arg: Arg, detail = arg.text) => (detail ? `${arg.name} (${detail})` : arg.name);

/** The value of a reference, read as Excel passes it: one cell as its value, a range as a 2-D array. `label` is built only for a message. */
function readRef(node: NodeOf<"ref">, sheet: string, arg: Arg, reads: Reads, label: () => string): ArgOutcome {
  const area = areaOf(node, sheet);
  if (!reads.sheetExists(area.sheet)) return invalid(`${label()}: #REF! (there is no sheet "${area.sheet}")`);
  let target = area;
  if (node.spill) {
    const extent = reads.spill({ sheet: area.sheet, row: area.r0, col: area.c0 });
    if (!extent) return invalid(`${label()}: #REF! (${cellAddress(area.sheet, area.r0, area.c0)} holds no spilled result)`);
    target = extent;
  }
  const show = (r: number, c: number) => (target.sheet === sheet ? cellAddress("", r, c) : cellAddress(target.sheet, r, c));
  if (target.r0 === target.r1 && target.c0 === target.c1) {
    const v = reads.passed({ sheet: target.sheet, row: target.r0, col: target.c0 });
    if (isErrorValue(v)) return invalid(`${label()}: the cell shows ${v.error}`);
    if (v === null && !arg.optional) return invalid(`${label()}: the cell is empty`);
    return { ok: true, value: v };
  }
  const rows: Scalar[][] = [];
  let filled = false;
  for (let r = target.r0; r <= target.r1; r++) {
    const row: Scalar[] = [];
    for (let c = target.c0; c <= target.c1; c++) {
      const v = reads.passed({ sheet: target.sheet, row: r, col: c });
      if (isErrorValue(v)) return invalid(`${label()}: ${show(r, c)} shows ${v.error}`);
      filled ||= v !== null;
      row.push(v);
    }
    rows.push(row);
  }
  if (!filled && !arg.optional) return invalid(`${label()}: the cells are empty`);
  return { ok: true, value: rows };
}

/** A reason only running tells, when the expression (names expanded) uses something the engine cannot evaluate or read. */
function unevaluable(node: Node, at: CellRef, arg: Arg, reads: Reads): ArgOutcome | null {
  let out: ArgOutcome | null = null;
  visitExpanded(node, at.sheet, reads.names ?? [], (n, sheet) => {
    if (out) return;
    if (n.kind === "table" && !reads.tables) out = run(`${where(arg)}: the table reference ${printNode(n)} is worked out only when the formula runs`);
    if (n.kind === "call" && (!engineSupports(n) || volatilityOf(n.name) === "reference")) {
      const fn = plainFunctionName(n.name);
      const volatile = volatilityOf(fn) === "reference" ? " (a volatile reference function)" : "";
      out = run(`${where(arg)}: ${fn}${volatile} cannot be worked out before the formula runs`);
    } else if (n.kind === "ref" && !reads.sheetExists(areaOf(n, sheet).sheet)) {
      out = invalid(`${where(arg)}: #REF! (there is no sheet "${areaOf(n, sheet).sheet}")`);
    } else if (n.kind === "name" && !lookupName(reads.names ?? [], n.name, sheet, n.prefix?.sheet)) {
      out = invalid(`${where(arg)}: the name "${n.name}" does not exist`);
    }
  }, { tables: reads.tables ?? undefined, at });
  return out;
}

/** The first cell the expression reads that shows `code`: the cause to name. */
function errorSource(node: Node, at: CellRef, reads: Reads, code: string): string | null {
  let found: string | null = null;
  visitExpanded(node, at.sheet, reads.names ?? [], (n, sheet) => {
    if (found || n.kind !== "ref" || n.spill) return;
    const a = areaOf(n, sheet);
    for (let r = a.r0; r <= Math.min(a.r1, a.r0 + 10_000) && !found; r++) {
      for (let c = a.c0; c <= a.c1 && !found; c++) {
        const v = reads.value({ sheet: a.sheet, row: r, col: c });
        if (isErrorValue(v) && v.error === code) found = a.sheet === at.sheet ? cellAddress("", r, c) : cellAddress(a.sheet, r, c);
      }
    }
  }, { tables: reads.tables ?? undefined, at });
  return found;
}

function fromEngine(v: EngineValue, node: Node, at: CellRef, arg: Arg, reads: Reads): ArgOutcome {
  const first = Array.isArray(v) ? v.flat().find(isErrorValue) : isErrorValue(v) ? v : undefined;
  if (first) {
    const source = errorSource(node, at, reads, first.error);
    return invalid(source ? `${where(arg)}: ${source} shows ${first.error}` : `${where(arg)}: it gives ${first.error}`);
  }
  return { ok: true, value: v as ArgValue };
}

function evaluate(node: Node, at: CellRef, arg: Arg, reads: Reads, now?: () => Date): ArgOutcome {
  const blocked = unevaluable(node, at, arg, reads);
  if (blocked) return blocked;
  const tables = reads.tables;
  const cells = { value: (r: CellRef): CellValue => reads.value(r), names: () => reads.names ?? [], spill: (a: CellRef) => reads.spill(a), ...(tables ? { tables: () => tables } : {}) };
  return fromEngine(evaluateFormula(printNode(node), at, cells, { now }), node, at, arg, reads);
}

function resolveName(node: NodeOf<"name">, at: CellRef, arg: Arg, reads: Reads, now?: () => Date): ArgOutcome {
  const def = lookupName(reads.names ?? [], node.name, at.sheet, node.prefix?.sheet);
  if (!def) return invalid(`${arg.name}: the name "${node.name}" does not exist`);
  let target: Node;
  try {
    target = excelView(parseCached(nameFormula(def)));
  } catch {
    return invalid(`${arg.name}: the name "${node.name}" refers to ${def.formula}, which is not a formula`);
  }
  const literal = literalOf(target);
  if (literal !== undefined) return { ok: true, value: literal };
  if (target.kind === "error") return invalid(`${arg.name}: the name "${node.name}" refers to ${target.code}${target.code === "#REF!" ? " (its cells were deleted)" : ""}`);
  if (target.kind === "ref" && !target.prefix?.book) {
    const sheet = def.sheet ?? at.sheet;
    return readRef(target, sheet, arg, reads, () => `${arg.name} (${node.name} = ${rangeAddress(areaOf(target, sheet))}${target.spill ? "#" : ""})`);
  }
  return evaluate(node, at, arg, reads, now);
}

export function resolveArg(arg: Arg, at: CellRef, reads: Reads, now?: () => Date): ArgOutcome {
  const plan = arg.plan;
  switch (plan.kind) {
    case "value":
      return { ok: true, value: plan.value };
    case "run":
      return run(plan.reason);
    case "error":
      return invalid(`${where(arg, arg.text === plan.code ? "" : arg.text)}: the argument is ${plan.code}${plan.code === "#REF!" ? " (the cells it referred to were deleted)" : ""}`);
    case "ref":
      return readRef(plan.node, at.sheet, arg, reads, () => where(arg));
    case "name":
      return resolveName(plan.node, at, arg, reads, now);
    case "expr": {
      // a structured reference passes its cells as a range does
      const table = plan.node.kind === "table" && reads.tables ? tableAsRef(plan.node, reads.tables, at) : null;
      if (table) return readRef(table, at.sheet, arg, reads, () => where(arg));
      return indexReference(plan.node, at.sheet, arg, reads, where(arg)) ?? evaluate(plan.node, at, arg, reads, now);
    }
  }
}
