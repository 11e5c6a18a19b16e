/**
 * One <c> element as Excel writes it: a formula's result with its type (`t="str"` for text, `t="b"`,
 * `t="e"` for errors, none for numbers), a constant's text inline (`t="inlineStr"`, the shared string
 * table is never rewritten). The cell's other attributes (style, ...) and children are kept.
 */
import { a1 } from "./a1";
import { encodeXstring } from "./ooxml-text";
import { CellXml } from "./sheet-read";
import { CellValue, isErrorValue } from "../../formula";
import { escapeText, setAttr } from "./xml";

export interface CellWrite {
  row: number;
  col: number;
  value: CellValue;
  /** The <f> element to store: undefined keeps the cell's own, null removes it. */
  formula?: string | null;
  /** cm attribute: undefined keeps it, null removes it. */
  cm?: number | null;
  /** "result": a formula's value (text as t="str"); "constant": a typed-in value (text inline). */
  mode: "result" | "constant";
}

function typed(value: CellValue, mode: CellWrite["mode"], p: string): { t: string | null; content: string } {
  const v = (text: string) => `<${p}v>${text}</${p}v>`;
  if (value === null) return { t: null, content: "" };
  if (isErrorValue(value)) return { t: "e", content: v(escapeText(value.error)) };
  if (typeof value === "boolean") return { t: "b", content: v(value ? "1" : "0") };
  if (typeof value === "number") return Number.isFinite(value) ? { t: null, content: v(String(value)) } : { t: "e", content: v("#NUM!") };
  const text = escapeText(encodeXstring(value));
  if (mode === "result") return { t: "str", content: v(text) };
  const space = /^\s|\s$/.test(value) ? ' xml:space="preserve"' : "";
  return { t: "inlineStr", content: `<${p}is><${p}t${space}>${text}</${p}t></${p}is>` };
}

/** The XML of the written cell, or "" when nothing is left to keep (no value, formula, style). */
export function renderCell(w: CellWrite, prefix: string, old: CellXml | null): string {
  const formulaXml = w.formula === undefined ? old?.formula?.xml ?? "" : w.formula ?? "";
  const { t, content } = typed(w.value, w.mode, prefix);
  let tag = old ? old.tag : `<${prefix}c r="${a1(w.row, w.col)}">`;
  if (!old || !/\sr\s*=/.test(tag)) tag = setAttr(tag, "r", a1(w.row, w.col));
  tag = setAttr(tag, "t", t);
  tag = setAttr(tag, "vm", null); // rich value metadata describes the old value only
  if (w.cm !== undefined) tag = setAttr(tag, "cm", w.cm === null ? null : String(w.cm));
  const inner = formulaXml + content + (old?.extra ?? "");
  const open = tag.endsWith("/>") ? tag.slice(0, -2).replace(/\s+$/, "") + ">" : tag;
  if (!inner) {
    const keeps = /\s(s|ph|cm)\s*=/.test(open);
    return keeps ? open.slice(0, -1) + "/>" : "";
  }
  return `${open}${inner}</${prefix}c>`;
}
