/**
 * Functions that read the workbook rather than values: FORMULATEXT and ISFORMULA (a cell's formula,
 * from the cell source), CELL (what a cell source can answer: address, row, col, contents, type, and
 * filename when the caller gives the workbook's path), SHEET and SHEETS (the workbook's sheets).
 */
import type { Node } from "../text/ast";
import { columnName } from "../text/address";
import { sameSheet } from "../../recalc";
import { fromFileForm } from "../text/file-form";
import type { AreaRef, CellValue } from "../types";
import { toText } from "./coerce";
import type { Special } from "./fn-logic";
import { Ctx, evalNode, single } from "./interp";
import { err, Grid, isErrorValue, isGrid, isRef, unsupported, Value } from "./kinds";
import type { CellFormula } from "./source";

/** File-form markers Excel does not show in the formula bar. */
const MARKERS = /_xlfn\.|_xlws\.|_xlpm\.|_xludf\./gi;

/** The formula as Excel's formula bar (and FORMULATEXT) shows it; UNSUPPORTED where the file form needs more than dropping markers. */
function shown(f: CellFormula): string {
  if (f.kind === "spilled") unsupported("FORMULATEXT or ISFORMULA of a cell a dynamic array spills into");
  if (/\b(ANCHORARRAY|SINGLE)\s*\(|_xleta\.|\[#/i.test(f.text)) unsupported("FORMULATEXT of a formula with a spill reference, @, a function given as a LAMBDA, or a Table reference");
  const parts = fromFileForm(f.text).split(/("(?:[^"]|"")*")/);
  const text = `=${parts.map((p, i) => (i % 2 ? p : p.replace(MARKERS, ""))).join("")}`;
  return f.kind === "array" ? `{${text}}` : text;
}

/** The cells a reference argument stands for: each cell in an array formula, the first cell otherwise. */
function cellsOf(n: Node | null, ctx: Ctx, arr: boolean, each: (sheet: string, row: number, col: number) => CellValue): Value {
  if (!n) return err("#VALUE!");
  const v = evalNode(n, ctx, true);
  if (!isRef(v)) return isErrorValue(v) ? v : err("#VALUE!");
  if (v.areas.length !== 1) unsupported("a reference of several areas here");
  const a = v.areas[0];
  if (!arr || (a.r0 === a.r1 && a.c0 === a.c1)) return each(a.sheet, a.r0, a.c0);
  const used = ctx.cells.used?.(a.sheet);
  const r1 = Math.min(a.r1, used ? Math.max(used.r1, a.r0) : a.r1), c1 = Math.min(a.c1, used ? Math.max(used.c1, a.c0) : a.c1);
  const out: Grid = [];
  for (let r = a.r0; r <= r1; r++) out.push(Array.from({ length: c1 - a.c0 + 1 }, (_, k) => each(a.sheet, r, a.c0 + k)));
  return out;
}

function formulaOf(ctx: Ctx, sheet: string, row: number, col: number): CellFormula | null {
  if (!ctx.cells.formula) unsupported("this workbook's formulas are not at hand (FORMULATEXT, ISFORMULA)");
  return ctx.cells.formula({ sheet, row, col });
}

const FORMULATEXT: Special = (args, ctx, arr) => {
  if (args.length !== 1) return err("#VALUE!");
  return cellsOf(args[0], ctx, arr, (sheet, row, col) => {
    const f = formulaOf(ctx, sheet, row, col);
    const text = f ? shown(f) : null;
    return text === null || text.length > 8192 ? err("#N/A") : text;
  });
};

const ISFORMULA: Special = (args, ctx, arr) => {
  if (args.length !== 1) return err("#VALUE!");
  return cellsOf(args[0], ctx, arr, (sheet, row, col) => {
    const f = formulaOf(ctx, sheet, row, col);
    if (f?.kind === "spilled") unsupported("FORMULATEXT or ISFORMULA of a cell a dynamic array spills into");
    return f !== null;
  });
};

const INFO_TYPES = ["address", "col", "color", "contents", "filename", "format", "parentheses", "prefix", "protect", "row", "type", "width"];

/** CELL's answer for one info type about the upper-left cell of `a`. */
function cellInfo(info: string, a: AreaRef, ctx: Ctx): CellValue {
  const value = () => ctx.cells.value({ sheet: a.sheet, row: a.r0, col: a.c0 }) ?? null;
  switch (info) {
    case "address":
      if (!sameSheet(a.sheet, ctx.at.sheet)) unsupported('CELL("address") of another sheet (Excel adds the workbook\'s name)');
      return `$${columnName(a.c0)}$${a.r0 + 1}`;
    case "row":
      return a.r0 + 1;
    case "col":
      return a.c0 + 1;
    case "contents":
      return value();
    case "type": {
      const v = value();
      return v === null ? "b" : typeof v === "string" ? "l" : "v";
    }
    case "filename":
      if (!ctx.opts.file) unsupported('CELL("filename") without the workbook\'s path');
      return `${ctx.opts.file.folder}[${ctx.opts.file.name}]${a.sheet}`;
    case "color": case "format": case "parentheses": case "prefix": case "protect": case "width":
      return unsupported(`CELL("${info}") needs cell formats, which the engine does not read`);
    default:
      return err("#VALUE!");
  }
}

const CELL: Special = (args, ctx) => {
  if (args.length < 1 || args.length > 2 || !args[0]) return err("#VALUE!");
  const t = single(evalNode(args[0], ctx, false), ctx);
  if (isErrorValue(t)) return t;
  if (typeof t !== "string" || !INFO_TYPES.includes(t.toLowerCase())) return err("#VALUE!");
  if (!args[1]) return unsupported("CELL without a reference (Excel reads the cell last changed)");
  const v = evalNode(args[1], ctx, true);
  if (!isRef(v)) return isErrorValue(v) ? v : err("#VALUE!");
  return cellInfo(t.toLowerCase(), v.areas[0], ctx);
};

function sheetList(ctx: Ctx): readonly string[] {
  if (!ctx.cells.sheetNames) unsupported("this workbook's sheets are not at hand (SHEET, SHEETS)");
  return ctx.cells.sheetNames();
}

const SHEET: Special = (args, ctx) => {
  if (args.length > 1) return err("#VALUE!");
  const sheets = sheetList(ctx);
  const index = (name: string) => {
    const i = sheets.findIndex((s) => sameSheet(s, name));
    return i < 0 ? err("#N/A") : i + 1;
  };
  if (!args[0]) return index(ctx.at.sheet);
  const v = evalNode(args[0], ctx, true);
  if (isRef(v)) return index(v.areas[0].sheet);
  const s = isGrid(v) ? v[0][0] : v;
  if (isErrorValue(s)) return s;
  if (typeof s !== "string") unsupported("SHEET of a value that is neither a reference nor a sheet's name");
  const t = toText(s);
  return isErrorValue(t) ? t : index(t);
};

const SHEETS: Special = (args, ctx) => {
  if (args.length > 1) return err("#VALUE!");
  if (!args[0]) return sheetList(ctx).length;
  const v = evalNode(args[0], ctx, true);
  if (isRef(v)) return new Set(v.areas.map((a) => a.sheet.toUpperCase())).size;
  return isErrorValue(v) ? v : err("#VALUE!");
};

export const WORKBOOK: Record<string, Special> = { FORMULATEXT, ISFORMULA, CELL, SHEET, SHEETS };
