/**
 * TEMPORARY stand-in for C1 (src/formula: evaluateFormula, referencesOf, svcName,
 * volatileFunctionsIn, resolveCalls) with the contract's types and signatures, so the host is built
 * against the contract until the formula helper's [formula-m1]/[formula-m2] land. Then this file
 * becomes `export * from "../../../../src/formula";` and nothing else in the host changes.
 *
 * It drives fast-formula-parser directly; spill references (A2#) and defined names are substituted
 * into the text before parsing (the library knows neither).
 */
import { MAX_COLS, MAX_ROWS, areaText, parseArea, quoteSheet } from "../a1";

export type Scalar = string | number | boolean | null;
export interface ErrorValue {
  error: string;
}
export type CellValue = Scalar | ErrorValue;
export type ArgValue = CellValue | Scalar[][];
export interface CellRef {
  sheet: string;
  row: number;
  col: number;
}
export interface AreaRef {
  sheet: string;
  r0: number;
  c0: number;
  r1: number;
  c1: number;
}
export interface DefinedName {
  name: string;
  sheet: string | null;
  formula: string;
}
export interface CellSource {
  value(ref: CellRef): CellValue;
  names(): readonly DefinedName[];
  spill(anchor: CellRef): AreaRef | null;
}
export interface FormulaSite {
  address: string;
  formula: string;
}
export interface CellReader {
  read(req: { areas: AreaRef[]; spills: CellRef[]; names: boolean }): Promise<{
    values: (ref: CellRef) => CellValue;
    spill: (anchor: CellRef) => AreaRef | null;
    names: readonly DefinedName[];
    sheets: readonly string[];
  }>;
}
export type Resolved =
  | { status: "resolved"; fn: string; args: ArgValue[]; volatile: string[]; reads: AreaRef[] }
  | { status: "invalid"; fn: string; argIndex: number; message: string; volatile: string[]; reads: AreaRef[] }
  | { status: "needs-run"; fn: string; argIndex: number; reason: string; volatile: string[]; reads: AreaRef[] }
  | { status: "not-svc" };

interface FfpRef {
  sheet?: string;
  row?: number;
  col?: number;
  from?: { row: number; col: number };
  to?: { row: number; col: number };
}
interface FfpError {
  error: string;
}
interface Ffp {
  new (config: object): { parse(text: string, position: object, allowArray: boolean): unknown };
  DepParser: new (config: object) => { parse(text: string, position: object, ignoreError?: boolean): FfpRef[] };
  FormulaError: new (code: string) => FfpError;
}
// eslint-disable-next-line @typescript-eslint/no-var-requires
const ffp = require("fast-formula-parser") as Ffp;

const SVC_TOKEN = /^(?:SVC\.|_xldudf_SVC_)([A-Za-z][A-Za-z0-9_]*)$/i;
export function svcName(fnToken: string): string | null {
  const m = SVC_TOKEN.exec(fnToken.trim());
  return m ? m[1].toUpperCase() : null;
}

/** Apply `fn` to the parts of a formula outside string literals. */
function outsideStrings(text: string, fn: (s: string) => string): string {
  return text
    .split(/("(?:[^"]|"")*")/)
    .map((s, i) => (i % 2 === 1 ? s : fn(s)))
    .join("");
}

const VOLATILE = ["TODAY", "NOW", "RAND", "RANDBETWEEN", "OFFSET", "INDIRECT"];
export function volatileFunctionsIn(text: string): string[] {
  const found = new Set<string>();
  outsideStrings(text, (s) => {
    for (const m of s.matchAll(/(?<![A-Za-z0-9_.])([A-Za-z]+)\s*\(/g)) if (VOLATILE.includes(m[1].toUpperCase())) found.add(m[1].toUpperCase());
    return s;
  });
  return [...found];
}

const SPILL_REF = /((?:'(?:[^']|'')+'|[A-Za-z0-9_.]+)!)?(\$?[A-Za-z]{1,3}\$?\d+)#/g;
const NAME_TOKEN = /(?<![A-Za-z0-9_.!'$\\])([A-Za-z_\\][A-Za-z0-9_.]*)(?![A-Za-z0-9_.!(])/g;

function nameFor(names: readonly DefinedName[], token: string, sheet: string): DefinedName | undefined {
  const t = token.toUpperCase();
  return names.find((n) => n.name.toUpperCase() === t && n.sheet === sheet) ?? names.find((n) => n.name.toUpperCase() === t && n.sheet === null);
}

/** Substitute spill references and defined names; `spillAs` chooses the text of a spill reference. */
function expand(text: string, at: CellRef, names: readonly DefinedName[], spillAs: (anchor: CellRef) => string, depth = 0): string {
  return outsideStrings(text, (s) =>
    s
      .replace(SPILL_REF, (_m, prefix: string | undefined, cell: string) => {
        const a = parseArea(`${prefix ?? ""}${cell}`, at.sheet);
        return spillAs({ sheet: a.sheet, row: a.r0, col: a.c0 });
      })
      .replace(NAME_TOKEN, (m: string) => {
        if (/^(TRUE|FALSE)$/i.test(m) || /^\$?[A-Za-z]{1,3}\$?\d+$/.test(m)) return m;
        const n = nameFor(names, m, at.sheet);
        if (!n || depth > 8) return m;
        return `(${expand(n.formula.replace(/^=/, ""), at, names, spillAs, depth + 1)})`;
      })
  );
}

function body(text: string): string {
  return text.trim().replace(/^=/, "");
}

function toAreaRef(r: FfpRef, sheet: string): AreaRef {
  const s = r.sheet ?? sheet;
  if (r.from && r.to) {
    const r1 = Math.min(r.to.row, MAX_ROWS) - 1;
    const c1 = Math.min(r.to.col, MAX_COLS) - 1;
    return { sheet: s, r0: r.from.row - 1, c0: r.from.col - 1, r1, c1 };
  }
  return { sheet: s, r0: (r.row as number) - 1, c0: (r.col as number) - 1, r1: (r.row as number) - 1, c1: (r.col as number) - 1 };
}

export function referencesOf(text: string, at: CellRef, names: readonly DefinedName[] = []): AreaRef[] {
  const src = expand(body(text), at, names, (a) => `${quoteSheet(a.sheet)}!${areaText({ sheet: a.sheet, r0: a.row, c0: a.col, r1: a.row, c1: a.col }, false)}`);
  try {
    const dep = new ffp.DepParser({});
    return dep.parse(src, { sheet: at.sheet, row: at.row + 1, col: at.col + 1 }, true).map((r) => toAreaRef(r, at.sheet));
  } catch {
    return [];
  }
}

function fromFfp(v: unknown): CellValue | Scalar[][] {
  if (v instanceof ffp.FormulaError) return { error: (v as FfpError).error };
  if (Array.isArray(v)) {
    const grid = (v as unknown[][]).map((row) => row.map((x) => (x instanceof ffp.FormulaError ? (x as FfpError).error : x === undefined ? null : x))) as Scalar[][];
    return grid.length === 1 && grid[0].length === 1 ? grid[0][0] : grid;
  }
  if (v === undefined) return null;
  return v as Scalar;
}

function toFfp(v: CellValue): unknown {
  if (v && typeof v === "object") return new ffp.FormulaError(v.error);
  return v === null ? undefined : v;
}

export function evaluateFormula(text: string, at: CellRef, cells: CellSource): CellValue | Scalar[][] {
  const names = cells.names();
  let src: string;
  try {
    src = expand(body(text), at, names, (a) => {
      const s = cells.spill(a);
      return s ? `${quoteSheet(s.sheet)}!${areaText({ sheet: s.sheet, r0: s.r0, c0: s.c0, r1: s.r1, c1: s.c1 }, false)}` : "#REF!";
    });
  } catch {
    return { error: "#REF!" };
  }
  const parser = new ffp({
    onCell: (r: { sheet: string; row: number; col: number }) => toFfp(cells.value({ sheet: r.sheet, row: r.row - 1, col: r.col - 1 })),
    onRange: (r: { sheet: string; from: { row: number; col: number }; to: { row: number; col: number } }) => {
      const out: unknown[][] = [];
      for (let row = r.from.row; row <= Math.min(r.to.row, r.from.row + 100_000); row++) {
        const line: unknown[] = [];
        for (let col = r.from.col; col <= Math.min(r.to.col, MAX_COLS); col++) line.push(toFfp(cells.value({ sheet: r.sheet, row: row - 1, col: col - 1 })));
        out.push(line);
      }
      return out;
    },
  });
  try {
    return fromFfp(parser.parse(src, { sheet: at.sheet, row: at.row + 1, col: at.col + 1 }, true));
  } catch (e) {
    const code = (e as { error?: string }).error;
    return { error: code && code !== "#ERROR!" ? code : "#NAME?" };
  }
}

/** Split the text between the call's parentheses at top-level commas. */
function splitArgs(inner: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = "";
  let quote: string | null = null;
  for (const ch of inner) {
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === "(" || ch === "{") depth++;
    else if (ch === ")" || ch === "}") depth--;
    else if (ch === "," && depth === 0) {
      out.push(cur);
      cur = "";
      continue;
    }
    cur += ch;
  }
  out.push(cur);
  return out;
}

function topCall(text: string): { fn: string; args: string[] } | null {
  const m = /^\s*=?\s*((?:SVC\.|_xldudf_SVC_)[A-Za-z][A-Za-z0-9_]*)\s*\(([\s\S]*)\)\s*$/i.exec(text);
  if (!m) return null;
  const fn = svcName(m[1]) as string;
  let depth = 0;
  let quote = false;
  for (const ch of m[2]) {
    if (ch === '"') quote = !quote;
    else if (!quote && ch === "(") depth++;
    else if (!quote && ch === ")" && --depth < 0) return null; // the call closes before the end
  }
  return { fn, args: m[2].trim() === "" ? [] : splitArgs(m[2]) };
}

export async function resolveCalls(
  sites: readonly FormulaSite[],
  reader: CellReader,
  opts: { params?: (fn: string) => readonly { name: string; optional: boolean }[] } = {}
): Promise<Resolved[]> {
  return Promise.all(
    sites.map(async (site): Promise<Resolved> => {
      const call = topCall(site.formula);
      if (!call) return { status: "not-svc" };
      const at0 = parseArea(site.address, "");
      const at: CellRef = { sheet: at0.sheet, row: at0.r0, col: at0.c0 };
      const volatile = volatileFunctionsIn(site.formula);
      const read = await reader.read({ areas: [], spills: [], names: true });
      const reads = referencesOf(site.formula, at, read.names);
      const spills: CellRef[] = [];
      outsideStrings(site.formula, (s) => {
        for (const m of s.matchAll(SPILL_REF)) {
          const a = parseArea(`${m[1] ?? ""}${m[2]}`, at.sheet);
          spills.push({ sheet: a.sheet, row: a.r0, col: a.c0 });
        }
        return s;
      });
      const got = await reader.read({ areas: reads, spills, names: true });
      const source: CellSource = { value: got.values, names: () => got.names, spill: got.spill };
      const params = opts.params?.(call.fn) ?? [];
      const args: ArgValue[] = [];
      for (let i = 0; i < call.args.length; i++) {
        const a = call.args[i].trim();
        const label = params[i]?.name ?? `argument ${i + 1}`;
        if (a === "") {
          args.push(null);
          continue;
        }
        if (/(?:SVC\.|_xldudf_SVC_)[A-Za-z]/i.test(a.replace(/"(?:[^"]|"")*"/g, '""'))) {
          return { status: "needs-run", fn: call.fn, argIndex: i, reason: `${label}: a nested SVC call`, volatile, reads };
        }
        const v = evaluateFormula(`=${a}`, at, source);
        if (v && typeof v === "object" && !Array.isArray(v)) return { status: "invalid", fn: call.fn, argIndex: i, message: `${label} (${a}): ${v.error}`, volatile, reads };
        args.push(v);
      }
      while (args.length && args[args.length - 1] === null) args.pop();
      return { status: "resolved", fn: call.fn, args, volatile, reads };
    })
  );
}
