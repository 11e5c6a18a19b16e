/**
 * Database functions computed by the engine to Excel's definition (see ./types.ts for the calling
 * rules): DSUM, DAVERAGE, DCOUNT, DCOUNTA, DGET, DMAX, DMIN, DPRODUCT, DSTDEV, DSTDEVP, DVAR, DVARP.
 * The database's first row holds the labels; the field is a label (ignoring case) or a column number.
 * The criteria range's first row holds labels too; each row below is one alternative (the rows are
 * ORed), its cells ANDed, an empty cell no condition. A criterion is Excel's: a number or TRUE/FALSE
 * equals, `>5`, `<>x`, `=text` compare as in COUNTIF, and plain text matches text that begins with it.
 * A criteria label that names no column is a computed criterion (a formula Excel evaluates per
 * record): UNSUPPORTED, the engine has only its stored value.
 */
import type { CellValue } from "../../types";
import { numberFromText } from "../coerce";
import { criterion } from "../fn-criteria";
import { err, Grid, isErrorValue, isGrid, unsupported } from "../kinds";
import type { Arg, PureFamily, PureFunction } from "./types";

type Test = (v: CellValue) => boolean;
const label = (v: CellValue) => (v === null ? "" : String(v).toUpperCase());

/** The test one criteria cell stands for (null: no condition). */
function cellTest(c: CellValue): Test | null {
  if (c === null || c === "") return null;
  // a date, time or currency written as text (">=2024-07-01"): Excel reads it as a number, the engine cannot yet
  if (typeof c === "string") numberFromText(c.replace(/^(<=|>=|<>|<|>|=)/, ""));
  if (typeof c === "string" && !/^[=<>]/.test(c)) return criterion(`${c}*`);
  return criterion(c);
}

/** Whether a record (a database row) meets the criteria: one row of tests in full. */
function criteriaOf(db: Grid, crit: Grid): (record: CellValue[]) => boolean {
  const labels = db[0].map(label);
  const cols = crit[0].map((h) => labels.indexOf(label(h)));
  const rows = crit.slice(1).map((row) => row.map((c, j) => ({ col: cols[j], test: cellTest(c) })).filter((x) => x.test !== null));
  if (rows.some((r) => r.some((x) => x.col < 0))) unsupported("a computed criterion (a criteria label that names no column of the database)");
  if (!rows.length) return () => true;
  return (record) => rows.some((r) => r.every((x) => (x.test as Test)(record[x.col])));
}

/** The field's column (0-based), -1 for an omitted field, or the error. */
function fieldOf(db: Grid, field: Arg): number | { error: string } {
  if (field === undefined || field === null) return -1;
  if (isGrid(field)) return err("#VALUE!");
  if (isErrorValue(field)) return field;
  if (typeof field === "number" || typeof field === "boolean") {
    const n = Math.trunc(Number(field));
    return n >= 1 && n <= db[0].length ? n - 1 : err("#VALUE!");
  }
  const i = db[0].map(label).indexOf(label(field));
  return i < 0 ? err("#VALUE!") : i;
}

type Reduce = (values: CellValue[], records: number) => CellValue;

function database(reduce: Reduce, fieldOptional = false): PureFunction {
  const fn = ([dbArg, field, critArg]: Arg[]): CellValue => {
    if (dbArg === undefined || critArg === undefined || !isGrid(dbArg) || !isGrid(critArg) || critArg.length < 2 || dbArg.length < 2) return err("#VALUE!");
    const col = fieldOf(dbArg, field);
    if (typeof col !== "number") return col;
    if (col < 0 && !fieldOptional) return err("#VALUE!");
    const meets = criteriaOf(dbArg, critArg);
    const records = dbArg.slice(1).filter(meets);
    return reduce(col < 0 ? [] : records.map((r) => r[col]), records.length);
  };
  return { fn, min: 3, max: 3, ranges: [0, 2] };
}

const numbers = (vs: CellValue[]) => vs.filter((v): v is number => typeof v === "number");
const firstError = (vs: CellValue[]) => vs.find(isErrorValue);
const sum = (ns: number[]) => ns.reduce((a, b) => a + b, 0);

function spread(sample: boolean, root: boolean): Reduce {
  return (vs) => {
    const e = firstError(vs);
    if (e) return e;
    const ns = numbers(vs), n = ns.length;
    if (n < (sample ? 2 : 1)) return err("#DIV/0!");
    const mean = sum(ns) / n;
    const v = sum(ns.map((x) => (x - mean) ** 2)) / (sample ? n - 1 : n);
    return root ? Math.sqrt(v) : v;
  };
}

const numeric = (f: (ns: number[]) => CellValue): Reduce => (vs) => firstError(vs) ?? f(numbers(vs));

export const DATABASE: PureFamily = {
  DSUM: database(numeric(sum)),
  DAVERAGE: database(numeric((ns) => (ns.length ? sum(ns) / ns.length : err("#DIV/0!")))),
  DCOUNT: database((vs, records) => (vs.length || records === 0 ? numbers(vs).length : records), true),
  DCOUNTA: database((vs, records) => (vs.length || records === 0 ? vs.filter((v) => v !== null && v !== "").length : records), true),
  DMAX: database(numeric((ns) => (ns.length ? Math.max(...ns) : 0))),
  DMIN: database(numeric((ns) => (ns.length ? Math.min(...ns) : 0))),
  DPRODUCT: database(numeric((ns) => (ns.length ? ns.reduce((a, b) => a * b, 1) : 0))),
  DGET: database((vs) => (vs.length === 0 ? err("#VALUE!") : vs.length > 1 ? err("#NUM!") : vs[0] ?? 0)),
  DSTDEV: database(spread(true, true)),
  DSTDEVP: database(spread(false, true)),
  DVAR: database(spread(true, false)),
  DVARP: database(spread(false, false)),
};
