/**
 * The engine's function table: fast-formula-parser's functions, with formulajs's implementation
 * preferred wherever it has the function and the function needs no reference context, plus the
 * fixes Excel's answers call for (measured in test/formula/engine.test.ts):
 * - INDEX over a range on another sheet must read that sheet (fast-formula-parser reads the formula's own);
 * - an empty cell passed to a fast-formula-parser function must arrive as 0 or "" (it arrives as an object);
 * - TODAY and NOW read the injectable clock; WEBSERVICE is not offered (no network from a formula);
 * - comparisons: an empty cell equals "", 0 and FALSE, and text compares ignoring case ("a"="A"), as in Excel;
 * - SVC calls go to the caller's hook.
 */
import FormulaParser, { FfpArg, FfpConfig } from "fast-formula-parser";
import * as formulajs from "@formulajs/formulajs";
import { Infix } from "fast-formula-parser/formulas/operators";
import { ffpError, fromFormulajs, serialOfLocal, toFormulajs } from "./values";
import type { ArgValue, CellValue, Scalar } from "../types";
import { svcName } from "../../api";

/** What one evaluation brings: the clock and the SVC hook. */
export interface EvalHooks {
  now: () => Date;
  /** An SVC function inside a plain formula: fn without the namespace ("FINANCIALS"). Undefined -> #NAME?. */
  svc?: (fn: string, args: ArgValue[]) => CellValue | CellValue[][];
}

/** fast-formula-parser keeps these: they read references, not values (or formulajs has no equivalent of Excel's answer). */
const REFERENCE_CONTEXT = ["ROW", "ROWS", "COLUMN", "COLUMNS", "INDEX", "ISREF", "AREAS", "IF", "SUMIF", "AVERAGEIF"];
/** formulajs builds JavaScript Dates and reads the real clock; fast-formula-parser works in serials. */
const DATE_FUNCTIONS = [
  "DATE", "DATEDIF", "DATEVALUE", "DAY", "DAYS", "EDATE", "EOMONTH", "HOUR", "ISOWEEKNUM", "MINUTE", "MONTH",
  "NETWORKDAYS", "NETWORKDAYS.INTL", "SECOND", "TIME", "TIMEVALUE", "WEEKDAY", "WEEKNUM", "WORKDAY", "WORKDAY.INTL", "YEAR", "YEARFRAC",
];
/** TEXT: fast-formula-parser formats with SSF (dates, sections, "0.0%"); formulajs's TEXT ignores most codes. */
const KEEP_FAST_FORMULA_PARSER = new Set([...REFERENCE_CONTEXT, ...DATE_FUNCTIONS, "TEXT", "TODAY", "NOW"]);
const NOT_OFFERED = ["WEBSERVICE"];

type Fn = (...args: unknown[]) => unknown;

/** formulajs's functions by Excel name, dotted names included (NORM.DIST lives at formulajs.NORM.DIST). */
function formulajsTable(): Map<string, Fn> {
  const out = new Map<string, Fn>();
  const visit = (obj: Record<string, unknown>, prefix: string) => {
    for (const [k, v] of Object.entries(obj)) {
      if (!/^[A-Z][A-Z0-9]*$/.test(k)) continue;
      if (typeof v === "function") out.set(prefix + k, v as Fn);
      if ((typeof v === "object" && v !== null) || typeof v === "function") visit(v as Record<string, unknown>, `${prefix}${k}.`);
    }
  };
  visit(formulajs as unknown as Record<string, unknown>, "");
  return out;
}

/** Wrap a formulajs function for fast-formula-parser's calling convention ({ value } objects). */
function bridge(fn: Fn, dropsContext: boolean): Fn {
  return (...raw: unknown[]) => {
    const args = (dropsContext ? raw.slice(1) : raw) as FfpArg[];
    const values = args.map((a) => (a.omitted ? null : toFormulajs(a.value)));
    try {
      return fromFormulajs(fn(...values));
    } catch {
      return ffpError("#VALUE!");
    }
  };
}

/** fast-formula-parser turns an empty cell argument into "[object Object]": hand it 0 or "" as Excel does. */
function emptyAsValue(fn: Fn, nullValue: 0 | ""): Fn {
  return (...args: unknown[]) => fn(...args.map((a) => (a && typeof a === "object" && "value" in a && (a as FfpArg).value === null ? { ...(a as FfpArg), value: nullValue } : a)));
}

/** INDEX(Sheet2!A1:A9, n) must read Sheet2: the cell reference it returns keeps the range's sheet. */
function indexKeepingSheet(original: Fn): Fn {
  return (context: unknown, ranges: unknown, ...rest: unknown[]) => {
    const sheet = (ranges as { ref?: { sheet?: string } } | null)?.ref?.sheet;
    const res = original(context, ranges, ...rest) as { ref?: { sheet?: string } } | undefined;
    if (sheet && res && typeof res === "object" && res.ref && res.ref.sheet == null) res.ref.sheet = sheet;
    return res;
  };
}

const toArg = (a: FfpArg): ArgValue => {
  const v = a.omitted ? null : a.value;
  if (Array.isArray(v)) return v.map((row: unknown[]) => row.map((c) => (c instanceof Error ? null : (c as Scalar))));
  if (v instanceof Error) return { error: (v as { error?: string }).error ?? "#VALUE!" };
  return v as Scalar;
};

/** The value an empty cell takes beside `other` in a comparison. */
const emptyLike = (other: unknown) => (typeof other === "string" ? "" : typeof other === "boolean" ? false : 0);
const comparable = (v: unknown) => (typeof v === "string" ? v.toUpperCase() : v);

/** fast-formula-parser compares an empty cell as 0 only and text case-sensitively; Excel does neither. Patched once, in its module. */
function patchComparison(): void {
  if ((Infix.compareOp as { patched?: boolean }).patched) return;
  const original = Infix.compareOp.bind(Infix);
  const patched = (v1: unknown, infix: string, v2: unknown, a1: boolean, a2: boolean) => {
    const x = a1 || v1 !== null ? v1 : emptyLike(v2);
    const y = a2 || v2 !== null ? v2 : emptyLike(v1);
    return original(a1 ? x : comparable(x), infix, a2 ? y : comparable(y), a1, a2);
  };
  Infix.compareOp = Object.assign(patched, { patched: true });
}

/**
 * Build the parser. `hooks()` gives the current evaluation's clock and SVC hook (one parser serves
 * every evaluation; evaluations are synchronous).
 */
export function buildParser(config: FfpConfig, hooks: () => EvalHooks): { parser: FormulaParser; supported: Set<string>; formulajs: Set<string> } {
  patchComparison();
  const parser = new FormulaParser(config);
  const base = parser.functions;
  const internals = parser as unknown as { funsNullAs0: string[]; funsPreserveRef: string[] };
  const nullAs0 = new Set(internals.funsNullAs0);
  const supported = new Set(parser.supportedFunctions());
  const fromFormulajs = new Set<string>();
  for (const name of Object.keys(base)) {
    const readsRefs = REFERENCE_CONTEXT.includes(name) || parser.funsNeedContext.includes(name) || internals.funsPreserveRef.includes(name);
    if (!supported.has(name) || readsRefs) continue;
    base[name] = emptyAsValue(base[name] as Fn, nullAs0.has(name) || name === "TEXT" ? 0 : "");
  }
  for (const [name, fn] of formulajsTable()) {
    if (KEEP_FAST_FORMULA_PARSER.has(name) || NOT_OFFERED.includes(name)) continue;
    base[name] = bridge(fn, parser.funsNeedContext.includes(name));
    supported.add(name);
    fromFormulajs.add(name);
  }
  base.INDEX = indexKeepingSheet(base.INDEX as Fn);
  base.TODAY = () => serialOfLocal(hooks().now(), false);
  base.NOW = () => serialOfLocal(hooks().now(), true);
  for (const name of NOT_OFFERED) {
    delete base[name];
    supported.delete(name);
  }
  parser.functions = new Proxy(base, {
    get(target, name) {
      const svc = typeof name === "string" && !(name in target) ? svcName(name) : null;
      if (svc) return svcCall(svc, hooks);
      return target[name as string];
    },
  });
  return { parser, supported, formulajs: fromFormulajs };
}

function svcCall(fn: string, hooks: () => EvalHooks): Fn {
  return (...args: unknown[]) => {
    const hook = hooks().svc;
    if (!hook) return ffpError("#NAME?");
    const out = hook(fn, (args as FfpArg[]).map(toArg));
    if (Array.isArray(out)) return out.map((row) => row.map((c) => (c !== null && typeof c === "object" ? ffpError(c.error) : c)));
    return out !== null && typeof out === "object" ? ffpError(out.error) : out;
  };
}
