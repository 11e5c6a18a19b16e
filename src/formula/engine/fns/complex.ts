/**
 * Complex numbers as Excel's engineering functions write them: "a+bi" or "a+bj" text, parts to 15
 * significant digits, "i" alone for 1i, "0" for zero, a plain number for a real one.
 */
import type { CellValue, ErrorValue } from "../../types";
import { err, isErrorValue, unsupported } from "../kinds";
import type { Arg } from "./types";

export interface Complex {
  re: number;
  im: number;
  /** "i" or "j" as written; "" for a number or a text without an imaginary part. */
  unit: string;
}

const N = "(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?";
const REAL = new RegExp(`^([+-]?${N})$`);
const IMAG = new RegExp(`^([+-]?)(${N})?([ij])$`);
const BOTH = new RegExp(`^([+-]?${N})([+-])(${N})?([ij])$`);

/** A complex argument: text in Excel's form, a number, an empty cell (0); TRUE/FALSE is #VALUE!, other text #NUM!. */
export function complexArg(a: Arg): Complex | ErrorValue {
  if (a === undefined || a === null) return { re: 0, im: 0, unit: "" };
  if (typeof a === "number") return { re: a, im: 0, unit: "" };
  if (typeof a === "boolean" || Array.isArray(a)) return err("#VALUE!");
  if (typeof a !== "string") return a;
  if (a === "") unsupported("an empty text as a complex number");
  let m = REAL.exec(a);
  if (m) return { re: Number(m[1]), im: 0, unit: "" };
  m = IMAG.exec(a);
  if (m) return { re: 0, im: (m[1] === "-" ? -1 : 1) * (m[2] === undefined ? 1 : Number(m[2])), unit: m[3] };
  m = BOTH.exec(a);
  if (m) return { re: Number(m[1]), im: (m[2] === "-" ? -1 : 1) * (m[3] === undefined ? 1 : Number(m[3])), unit: m[4] };
  return err("#NUM!");
}

/** The unit of a result: the one the arguments use; "i" and "j" mixed is `mixed`. */
export function unitOf(zs: Complex[], mixed: ErrorValue = err("#VALUE!")): string | ErrorValue {
  const units = new Set(zs.map((z) => z.unit).filter(Boolean));
  if (units.size > 1) return mixed;
  return units.has("j") ? "j" : "i";
}

/** One part as Excel writes it: 15 significant digits, decimal up to 21 characters ("0.0000692442674613868"), else with an exponent ("2.24044486393732E-06"). */
function part(x: number): string {
  const a = Math.abs(x);
  if (a >= 1e15) unsupported("a complex part of 1E15 or more (Excel's text for it is not known here)");
  const [m, e] = a.toExponential(14).split("e");
  const exp = Number(e), digits = m.replace(".", "").replace(/0+$/, "");
  const plain = exp < -6 ? `0.${"0".repeat(-exp - 1)}${digits}` : String(Number(a.toPrecision(15)));
  const sign = x < 0 ? "-" : "";
  if (plain.length <= 21) return sign + plain;
  return `${sign}${m.replace(/\.?0+$/, "")}E${exp < 0 ? "-" : "+"}${String(Math.abs(exp)).padStart(2, "0")}`;
}

/**
 * A part whose digits after the 15th are close to a half: Excel's own arithmetic may round it the
 * other way in the 15th digit (IMLOG2("3.1+2j") is 1.883297580864635 here, …464 in Excel).
 */
function tie(x: number): boolean {
  if (x === 0) return false;
  const tail = Number(Math.abs(x).toExponential(16).split("e")[0].replace(".", "").slice(15, 17));
  return tail >= 48 && tail <= 52;
}

/** A complex result as Excel's text; #NUM! when a part is not finite. */
export function complexText(z: { re: number; im: number }, unit: string): CellValue {
  if (!Number.isFinite(z.re) || !Number.isFinite(z.im)) return err("#NUM!");
  if (tie(z.re) || tie(z.im)) unsupported("a complex part that Excel's arithmetic may round the other way in the 15th digit");
  const re = Number(z.re.toPrecision(15)), im = Number(z.im.toPrecision(15));
  if (im === 0) return re === 0 ? "0" : part(re);
  const imText = im === 1 ? "" : im === -1 ? "-" : part(im);
  if (re === 0) return imText + unit;
  return part(re) + (im > 0 ? "+" : "") + imText + unit;
}

/** The arguments read as complex numbers, or the first that fails. */
export function complexArgs(args: Arg[]): Complex[] | ErrorValue {
  const out: Complex[] = [];
  for (const a of args) {
    const z = complexArg(a);
    if (isErrorValue(z)) return z;
    out.push(z);
  }
  return out;
}
