/**
 * Three models laid out as analysts build them, driven by SVC results: a DCF with EOMONTH period
 * headers and an Excel Table of assumptions (read with VLOOKUP on the table's name), an LBO with
 * IRR, and a three-statement model that balances. Every formula's value is worked out here, beside
 * it, with the same operations in the same order (Excel's definitions: + - * / ^ in IEEE doubles,
 * SUM, NPV as Σ v/(1+r)^i, EOMONTH as the month's last day, ROUND half away from zero, IRR of one
 * outflow and one inflow n years later as (in/out)^(1/n)-1), once with the SVC results as stored and
 * once as the refresh answers; real-models-libreoffice.test.ts holds both to LibreOffice.
 */
import { createWorkbook, NewCell } from "../../src/model-file/create";
import type { SvcCall, CallAnswer } from "../../src/model-file";
import { withTables, type TablePart } from "./table-parts";

type Get = (address: string) => number;
/** A constant, or a formula with the computation of its value. */
type Spec = number | string | { f: string; v: (get: Get) => number; date?: true };
export interface SvcInput {
  metric: string;
  before: number;
  after: number;
}

/** Inputs!E1:E7: the SVC results the models read (as stored, and as the refresh answers). */
export const SVC_INPUTS: Record<string, SvcInput> = {
  E1: { metric: "revenue", before: 400000, after: 428000 },
  E2: { metric: "net_debt", before: 50000, after: 60000 },
  E3: { metric: "shares_diluted", before: 15000, after: 15500 },
  E5: { metric: "ebitda", before: 120000, after: 130000 },
  E6: { metric: "cash", before: 30000, after: 35000 },
  E7: { metric: "total_debt", before: 100000, after: 90000 },
};

const ASSUMPTIONS: [string, number][] = [["Growth", 0.08], ["Margin", 0.3], ["Tax", 0.21], ["DA", 0.03], ["Capex", 0.04], ["NWC", 0.1], ["WACC", 0.09], ["TG", 0.025]];
const a = (item: string) => ASSUMPTIONS.find(([k]) => k === item)?.[1] as number;
const look = (item: string) => `VLOOKUP("${item}",Assumptions,2,FALSE)`;
const COLS = ["C", "D", "E", "F", "G"];
const prevOf = (c: string) => String.fromCharCode(c.charCodeAt(0) - 1);

const serial = (y: number, m: number, d: number) => (Date.UTC(y, m - 1, d) - Date.UTC(1899, 11, 30)) / 86_400_000;
function eomonth(s: number, months: number): number {
  const d = new Date(Date.UTC(1899, 11, 30) + s * 86_400_000);
  return serial(d.getUTCFullYear(), d.getUTCMonth() + months + 2, 0);
}

function inputsSheet(): Record<string, Spec> {
  const cells: Record<string, Spec> = { A1: "Item", B1: "Value", D4: "Fiscal year end", E4: serial(2024, 9, 30) };
  ASSUMPTIONS.forEach(([k, v], i) => ((cells[`A${i + 2}`] = k), (cells[`B${i + 2}`] = v)));
  for (const [cell, s] of Object.entries(SVC_INPUTS)) cells[cell] = { f: `=SVC.FINANCIALS("AAPL","${s.metric}","FY")`, v: (g) => g(`Inputs!${cell}`) };
  return cells;
}

function dcfSheet(): Record<string, Spec> {
  const s: Record<string, Spec> = { B1: "Period end", B3: "Revenue", B10: "Free cash flow" };
  COLS.forEach((c, i) => {
    const p = prevOf(c), first = i === 0;
    s[`${c}1`] = { f: first ? "=EOMONTH(Inputs!$E$4,12)" : `=EOMONTH(${p}1,12)`, v: (g) => eomonth(first ? g("Inputs!E4") : g(`DCF!${p}1`), 12), date: true };
    s[`${c}2`] = i + 1;
    const base = (g: Get) => (first ? g("Inputs!E1") : g(`DCF!${p}3`));
    s[`${c}3`] = { f: `=${first ? "Inputs!$E$1" : `${p}3`}*(1+${look("Growth")})`, v: (g) => base(g) * (1 + a("Growth")) };
    s[`${c}4`] = { f: `=${c}3*${look("Margin")}`, v: (g) => g(`DCF!${c}3`) * a("Margin") };
    s[`${c}5`] = { f: `=${c}4*${look("Tax")}`, v: (g) => g(`DCF!${c}4`) * a("Tax") };
    s[`${c}6`] = { f: `=${c}4-${c}5`, v: (g) => g(`DCF!${c}4`) - g(`DCF!${c}5`) };
    s[`${c}7`] = { f: `=${c}3*${look("DA")}`, v: (g) => g(`DCF!${c}3`) * a("DA") };
    s[`${c}8`] = { f: `=${c}3*${look("Capex")}`, v: (g) => g(`DCF!${c}3`) * a("Capex") };
    s[`${c}9`] = { f: `=(${c}3-${first ? "Inputs!$E$1" : `${p}3`})*${look("NWC")}`, v: (g) => (g(`DCF!${c}3`) - base(g)) * a("NWC") };
    s[`${c}10`] = { f: `=${c}6+${c}7-${c}8-${c}9`, v: (g) => g(`DCF!${c}6`) + g(`DCF!${c}7`) - g(`DCF!${c}8`) - g(`DCF!${c}9`) };
    s[`${c}11`] = { f: `=1/(1+${look("WACC")})^${c}2`, v: (g) => 1 / Math.pow(1 + a("WACC"), g(`DCF!${c}2`)) };
    s[`${c}12`] = { f: `=${c}10*${c}11`, v: (g) => g(`DCF!${c}10`) * g(`DCF!${c}11`) };
  });
  const sum = (g: Get, row: number) => COLS.reduce((t, c) => t + g(`DCF!${c}${row}`), 0);
  Object.assign(s, {
    B14: { f: "=SUM(C12:G12)", v: (g: Get) => sum(g, 12) },
    B15: { f: `=G10*(1+${look("TG")})/(${look("WACC")}-${look("TG")})`, v: (g: Get) => (g("DCF!G10") * (1 + a("TG"))) / (a("WACC") - a("TG")) },
    B16: { f: "=B15*G11", v: (g: Get) => g("DCF!B15") * g("DCF!G11") },
    B17: { f: "=B14+B16", v: (g: Get) => g("DCF!B14") + g("DCF!B16") },
    B18: { f: "=B17-Inputs!$E$2", v: (g: Get) => g("DCF!B17") - g("Inputs!E2") },
    B19: { f: "=B18/Inputs!$E$3", v: (g: Get) => g("DCF!B18") / g("Inputs!E3") },
    B20: { f: `=NPV(${look("WACC")},C10:G10)`, v: (g: Get) => COLS.reduce((t, c, i) => t + g(`DCF!${c}10`) / Math.pow(1 + a("WACC"), i + 1), 0) },
    B21: { f: "=B16/B17", v: (g: Get) => g("DCF!B16") / g("DCF!B17") },
  });
  return s;
}

const LBO_CONSTANTS: [string, number][] = [["B1", 10], ["B2", 5], ["B3", 0.07], ["B4", 0.25], ["B5", 0.2], ["B6", 0.05], ["B7", 10]];

function lboSheet(): Record<string, Spec> {
  const s: Record<string, Spec> = Object.fromEntries(LBO_CONSTANTS);
  const k = (cell: string) => LBO_CONSTANTS.find(([c]) => c === cell)?.[1] as number;
  s.B9 = { f: "=Inputs!$E$5*B1", v: (g) => g("Inputs!E5") * k("B1") };
  s.B10 = { f: "=Inputs!$E$5*B2", v: (g) => g("Inputs!E5") * k("B2") };
  s.B11 = { f: "=B9-B10", v: (g) => g("LBO!B9") - g("LBO!B10") };
  COLS.forEach((c, i) => {
    const p = prevOf(c), first = i === 0;
    s[`${c}13`] = i + 1;
    s[`${c}14`] = { f: `=${first ? "Inputs!$E$5" : `${p}14`}*(1+$B$6)`, v: (g) => (first ? g("Inputs!E5") : g(`LBO!${p}14`)) * (1 + k("B6")) };
    s[`${c}15`] = { f: first ? "=$B$10" : `=${p}19`, v: (g) => (first ? g("LBO!B10") : g(`LBO!${p}19`)) };
    s[`${c}16`] = { f: `=${c}15*$B$3`, v: (g) => g(`LBO!${c}15`) * k("B3") };
    s[`${c}17`] = { f: `=(${c}14-${c}16)*$B$4`, v: (g) => (g(`LBO!${c}14`) - g(`LBO!${c}16`)) * k("B4") };
    s[`${c}18`] = { f: `=${c}14-${c}16-${c}17-${c}14*$B$5`, v: (g) => g(`LBO!${c}14`) - g(`LBO!${c}16`) - g(`LBO!${c}17`) - g(`LBO!${c}14`) * k("B5") };
    s[`${c}19`] = { f: `=MAX(0,${c}15-${c}18)`, v: (g) => Math.max(0, g(`LBO!${c}15`) - g(`LBO!${c}18`)) };
    if (!first && c !== "G") s[`${c}25`] = 0;
  });
  s.B21 = { f: "=G14*B7", v: (g) => g("LBO!G14") * k("B7") };
  s.B22 = { f: "=B21-G19", v: (g) => g("LBO!B21") - g("LBO!G19") };
  s.B23 = { f: "=B22/B11", v: (g) => g("LBO!B22") / g("LBO!B11") };
  s.B25 = { f: "=-B11", v: (g) => -g("LBO!B11") };
  s.C25 = 0;
  s.G25 = { f: "=B22", v: (g) => g("LBO!B22") };
  s.B26 = { f: "=IRR(B25:G25)", v: (g) => Math.pow(g("LBO!B22") / g("LBO!B11"), 1 / 5) - 1 };
  return s;
}

const TS_CONSTANTS: [string, number][] = [["B1", 0.06], ["B2", 0.6], ["B3", 0.15], ["B4", 0.05], ["B5", 0.21], ["B6", 45], ["B7", 5000], ["B8", 7000], ["B9", 10000], ["B10", 0.3], ["B11", 50000], ["B12", 200000]];

function incomeStatement(s: Record<string, Spec>, k: (cell: string) => number): void {
  ["C", "D", "E"].forEach((c, i) => {
    const p = prevOf(c), g3 = (g: Get, row: number) => g(`3S!${c}${row}`);
    s[`${c}15`] = { f: `=${i === 0 ? "Inputs!$E$1" : `${p}15`}*(1+$B$1)`, v: (g) => (i === 0 ? g("Inputs!E1") : g(`3S!${p}15`)) * (1 + k("B1")) };
    s[`${c}16`] = { f: `=${c}15*$B$2`, v: (g) => g3(g, 15) * k("B2") };
    s[`${c}17`] = { f: `=${c}15-${c}16`, v: (g) => g3(g, 15) - g3(g, 16) };
    s[`${c}18`] = { f: `=${c}15*$B$3`, v: (g) => g3(g, 15) * k("B3") };
    s[`${c}19`] = { f: "=$B$7", v: () => k("B7") };
    s[`${c}20`] = { f: `=${c}17-${c}18-${c}19`, v: (g) => g3(g, 17) - g3(g, 18) - g3(g, 19) };
    s[`${c}21`] = { f: `=${p}30*$B$4`, v: (g) => g(`3S!${p}30`) * k("B4") };
    s[`${c}22`] = { f: `=${c}20-${c}21`, v: (g) => g3(g, 20) - g3(g, 21) };
    s[`${c}23`] = { f: `=${c}22*$B$5`, v: (g) => g3(g, 22) * k("B5") };
    s[`${c}24`] = { f: `=${c}22-${c}23`, v: (g) => g3(g, 22) - g3(g, 23) };
  });
}

function balanceAndCash(s: Record<string, Spec>, k: (cell: string) => number): void {
  s.B27 = { f: "=Inputs!$E$6", v: (g) => g("Inputs!E6") };
  s.B28 = { f: "=$B$11", v: () => k("B11") };
  s.B29 = { f: "=$B$12", v: () => k("B12") };
  s.B30 = { f: "=Inputs!$E$7", v: (g) => g("Inputs!E7") };
  s.B31 = { f: "=B27+B28+B29-B30", v: (g) => g("3S!B27") + g("3S!B28") + g("3S!B29") - g("3S!B30") };
  ["C", "D", "E"].forEach((c) => {
    const p = prevOf(c), x = (g: Get, col: string, row: number) => g(`3S!${col}${row}`);
    s[`${c}27`] = { f: `=${p}27+${c}40`, v: (g) => x(g, p, 27) + x(g, c, 40) };
    s[`${c}28`] = { f: `=${c}15*$B$6/365`, v: (g) => (x(g, c, 15) * k("B6")) / 365 };
    s[`${c}29`] = { f: `=${p}29+$B$8-${c}19`, v: (g) => x(g, p, 29) + k("B8") - x(g, c, 19) };
    s[`${c}30`] = { f: `=${p}30-$B$9`, v: (g) => x(g, p, 30) - k("B9") };
    s[`${c}31`] = { f: `=${p}31+${c}24-${c}37`, v: (g) => x(g, p, 31) + x(g, c, 24) - x(g, c, 37) };
    s[`${c}32`] = { f: `=ROUND(${c}27+${c}28+${c}29-${c}30-${c}31,6)`, v: (g) => Math.round((x(g, c, 27) + x(g, c, 28) + x(g, c, 29) - x(g, c, 30) - x(g, c, 31)) * 1e6) / 1e6 || 0 };
    s[`${c}35`] = { f: `=${c}24+${c}19-(${c}28-${p}28)`, v: (g) => x(g, c, 24) + x(g, c, 19) - (x(g, c, 28) - x(g, p, 28)) };
    s[`${c}36`] = { f: "=-$B$8", v: () => -k("B8") };
    s[`${c}37`] = { f: `=${c}24*$B$10`, v: (g) => x(g, c, 24) * k("B10") };
    s[`${c}38`] = { f: "=-$B$9", v: () => -k("B9") };
    s[`${c}39`] = { f: `=${c}38-${c}37`, v: (g) => x(g, c, 38) - x(g, c, 37) };
    s[`${c}40`] = { f: `=${c}35+${c}36+${c}39`, v: (g) => x(g, c, 35) + x(g, c, 36) + x(g, c, 39) };
  });
}

function threeStatementSheet(): Record<string, Spec> {
  const s: Record<string, Spec> = Object.fromEntries(TS_CONSTANTS);
  const k = (cell: string) => TS_CONSTANTS.find(([c]) => c === cell)?.[1] as number;
  incomeStatement(s, k);
  balanceAndCash(s, k);
  return s;
}

export const MODEL_SHEETS: [string, () => Record<string, Spec>][] = [["Inputs", inputsSheet], ["DCF", dcfSheet], ["LBO", lboSheet], ["3S", threeStatementSheet]];

/** Every formula cell's value ("Sheet!A1" -> value) with the SVC results as stored or as refreshed. */
export function modelValues(when: "before" | "after"): Map<string, number> {
  const specs = new Map<string, Spec>();
  for (const [name, sheet] of MODEL_SHEETS) for (const [cell, spec] of Object.entries(sheet())) specs.set(`${name}!${cell}`, spec);
  const memo = new Map<string, number>();
  const get: Get = (address) => {
    const hit = memo.get(address);
    if (hit !== undefined) return hit;
    const svc = address.startsWith("Inputs!") ? SVC_INPUTS[address.slice(7)] : undefined;
    const spec = specs.get(address);
    const v = svc ? svc[when] : typeof spec === "number" ? spec : typeof spec === "object" ? spec.v(get) : 0;
    memo.set(address, v);
    return v;
  };
  const out = new Map<string, number>();
  for (const [address, spec] of specs) if (typeof spec === "object") out.set(address, get(address));
  return out;
}

const cellOf = (address: string) => {
  const m = /^([A-Z])(\d+)$/.exec(address) as RegExpExecArray;
  return { row: Number(m[2]) - 1, col: m[1].charCodeAt(0) - 65 };
};

/** The workbook as Excel saves it: every formula with its value for the stored SVC results. */
export function modelWorkbook(): Uint8Array {
  const before = modelValues("before");
  const sheets = MODEL_SHEETS.map(([name, sheet]) => ({
    name,
    cells: Object.entries(sheet()).map(([address, spec]): NewCell => {
      const at = cellOf(address);
      if (typeof spec !== "object") return { ...at, value: spec };
      return { ...at, value: before.get(`${name}!${address}`) ?? null, formula: spec.f, ...(spec.date ? { style: "date" as const } : {}) };
    }),
  }));
  const table: TablePart = { sheet: 1, name: "Assumptions", ref: `A1:B${ASSUMPTIONS.length + 1}`, columns: ["Item", "Value"] };
  return withTables(createWorkbook({ when: new Date("2026-01-02T00:00:00Z"), sheets }), [table]);
}

/** The refresh's answers: each SVC input's refreshed value. */
export function modelCaller(): (calls: SvcCall[]) => Promise<CallAnswer[]> {
  return async (calls) => calls.map((c) => {
    const input = Object.values(SVC_INPUTS).find((s) => s.metric === c.args[1]);
    return input ? { value: [[input.after]] } : { error: { code: "#VALUE!", message: "unexpected call" } };
  });
}
