/** A seeded generator of formula syntax trees for the round-trip property (test/fakes/api/rng.ts drives it). */
import { Rng } from "../fakes/api/rng";
import type { ArrayItem, BinaryOp, Node, Prefix, RefPart } from "../../src/formula/text/ast";

const SPAN = { start: 0, end: 0 };
const OPS: BinaryOp[] = ["+", "-", "*", "/", "^", "&", "=", "<>", "<", ">", "<=", ">="];
const SHEETS = ["Inputs", "Peer set", "It's", "Sheet2", "2024", "A1", "Übersicht"];
const FUNCS = ["SUM", "IF", "SVC.FINANCIALS", "_xldudf_SVC_PEERS", "_xlfn.XLOOKUP", "_xlfn._xlws.FILTER", "INDEX", "TODAY"];
const NAMES = ["rate", "Period_1", "tax.rate", "_x", "peers"];
const STRINGS = ["", "AAPL", 'say "hi"', "a,b;c", "FY-4:FY", "#REF!"];

function part(r: Rng, kind: "cell" | "col" | "row"): RefPart {
  return {
    row: kind === "col" ? null : r.int(0, r.chance(0.1) ? 1_048_575 : 50),
    col: kind === "row" ? null : r.int(0, r.chance(0.1) ? 16_383 : 30),
    rowAbs: kind !== "col" && r.chance(0.4),
    colAbs: kind !== "row" && r.chance(0.4),
  };
}

function prefix(r: Rng): Prefix | null {
  if (r.chance(0.6)) return null;
  if (r.chance(0.15)) return { book: r.pick(["[1]", "[2]"]), sheet: r.chance(0.5) ? "Sheet1" : null };
  return { book: null, sheet: r.pick(SHEETS) };
}

function ref(r: Rng): Node {
  const kind = r.pick(["cell", "cell", "area", "col", "row", "spill"] as const);
  const p = prefix(r);
  if (kind === "cell" || kind === "spill") return { kind: "ref", prefix: p, from: part(r, "cell"), to: null, spill: kind === "spill", span: SPAN };
  const k = kind === "area" ? "cell" : kind;
  return { kind: "ref", prefix: p, from: part(r, k), to: part(r, k), spill: false, span: SPAN };
}

function arrayItem(r: Rng): ArrayItem {
  const k = r.int(0, 3);
  if (k === 0) return r.chance(0.3) ? -r.int(0, 99) : r.int(0, 99) / r.pick([1, 4, 100]);
  if (k === 1) return r.pick(STRINGS);
  if (k === 2) return r.chance(0.5);
  return { error: r.pick(["#N/A", "#REF!", "#DIV/0!"]) };
}

function leaf(r: Rng): Node {
  switch (r.int(0, 7)) {
    case 0:
      return { kind: "number", value: r.pick([0, 1, 2.5, 1000, 1e21, 0.001, 1e-7, 42]), span: SPAN };
    case 1:
      return { kind: "string", value: r.pick(STRINGS), span: SPAN };
    case 2:
      return { kind: "bool", value: r.chance(0.5), span: SPAN };
    case 3:
      return { kind: "error", code: r.pick(["#N/A", "#REF!", "#NAME?", "#DIV/0!", "#VALUE!", "#NUM!", "#NULL!", "#SPILL!"]), prefix: null, span: SPAN };
    case 4: {
      const w = r.int(1, 3), h = r.int(1, 3);
      return { kind: "array", rows: Array.from({ length: h }, () => Array.from({ length: w }, () => arrayItem(r))), span: SPAN };
    }
    case 5:
      return { kind: "name", prefix: r.chance(0.2) ? prefix(r) : null, name: r.pick(NAMES), span: SPAN };
    default:
      return ref(r);
  }
}

/** A random tree of at most `depth` levels. */
export function genNode(r: Rng, depth: number): Node {
  if (depth <= 0 || r.chance(0.3)) return leaf(r);
  switch (r.int(0, 5)) {
    case 0:
      return { kind: "unary", op: r.pick(["+", "-"] as const), operand: genNode(r, depth - 1), span: SPAN };
    case 1:
      return { kind: "percent", operand: genNode(r, depth - 1), span: SPAN };
    case 2: {
      const args = Array.from({ length: r.int(0, 4) }, () => (r.chance(0.15) ? null : genNode(r, depth - 1)));
      // F() is no argument: a single empty argument is spelled the same way
      if (args.length === 1 && args[0] === null) args[0] = leaf(r);
      return { kind: "call", prefix: null, name: r.pick(FUNCS), args, span: SPAN };
    }
    case 3:
      return { kind: "union", items: [ref(r), ref(r)], span: SPAN };
    default:
      return { kind: "binary", op: r.pick(OPS), left: genNode(r, depth - 1), right: genNode(r, depth - 1), span: SPAN };
  }
}

/** The tree without spans (what two spellings of one formula share). */
export function shape(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(shape);
  if (node === null || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) if (k !== "span") out[k] = shape(v);
  return out;
}
