/**
 * One number section of a format rendered for x >= 0 (the caller places the sign): digit
 * placeholders `0` (digit or 0), `#` (digit or nothing), `?` (digit or space) before and after the
 * first `.`; the integer's digits fill the integer placeholders from the right, the extra ones all
 * in the first; a `,` between two placeholders groups thousands, commas after the last placeholder
 * divide by 1,000 each, other commas after a placeholder are dropped and the rest are text; each
 * `%` multiplies by 100; later `.` are text. Scientific (`E+`) formats take one integer placeholder.
 */
import { unsupported } from "../kinds";
import { roundedDigits, scientificDigits } from "./format-decimal";
import { generalText } from "./format-general";
import type { Token } from "./format-tokens";

export interface Rendered {
  text: string;
  /** Every digit shown is 0 (a negative number then shows no minus sign). */
  zero: boolean;
}

type Role = "group" | "scale" | "drop" | "text";

const isDigit = (t: Token | undefined) => t?.t === "digit";

/** What each comma does (by token index). */
function commaRoles(toks: Token[], point: number): Map<number, Role> {
  const roles = new Map<number, Role>();
  const lastDigit = toks.map((t) => t.t).lastIndexOf("digit");
  for (let i = 0; i < toks.length; i++) {
    if (toks[i].t !== "comma") continue;
    let j = i;
    while (toks[j - 1]?.t === "comma") j--;
    if (!isDigit(toks[j - 1])) {
      roles.set(i, "text");
      continue;
    }
    let k = i;
    while (toks[k + 1]?.t === "comma") k++;
    const inInt = i < point;
    if (j - 1 === lastDigit || (inInt && !toks.slice(k + 1, point).some(isDigit))) {
      if (inInt && point < toks.length && toks.slice(point).some(isDigit)) unsupported("thousands scaling before the decimal point");
      roles.set(i, "scale");
    } else roles.set(i, inInt && isDigit(toks[k + 1]) ? "group" : "drop");
  }
  return roles;
}

/** The integer part's text for each integer placeholder (in order). */
function integerParts(ph: ("0" | "#" | "?")[], int: string, group: boolean): string[] {
  const firstZero = ph.indexOf("0");
  if (firstZero >= 0 && ph.slice(firstZero).some((c) => c !== "0")) unsupported("a # or ? after a 0 in the integer part of the format");
  const zeros = firstZero < 0 ? 0 : ph.length - firstZero;
  const digits = int.padStart(zeros, "0");
  const units = digits.split("").map((d, i) => (group && (digits.length - 1 - i) % 3 === 0 && i < digits.length - 1 ? d + "," : d));
  const out = ph.map((c): string => (c === "?" ? " " : ""));
  let u = units.length - 1;
  for (let p = ph.length - 1; p >= 0 && u >= 0; p--, u--) out[p] = units[u];
  if (u >= 0 && ph.length) out[0] = units.slice(0, u + 1).join("") + out[0];
  return out;
}

/** The fraction part's text for each fraction placeholder: digits past the last significant one follow the placeholder's rule. */
function fractionParts(ph: ("0" | "#" | "?")[], frac: string): string[] {
  const sig = frac.replace(/0+$/, "").length;
  return ph.map((c, i) => (i < sig ? frac[i] : c === "0" ? "0" : c === "?" ? " " : ""));
}

/** Render a number section (no date codes) for x >= 0. */
export function renderNumber(toks: Token[], x: number): Rendered {
  if (toks.some((t) => t.t === "slash") && toks.some(isDigit)) unsupported("fraction formats (# ?/?)");
  if (toks.some((t) => t.t === "exp")) return renderScientific(toks, x);
  const pointAt = toks.findIndex((t) => t.t === "point");
  const point = pointAt < 0 ? toks.length : pointAt;
  const roles = commaRoles(toks, point);
  const scaled = x * 100 ** toks.filter((t) => t.t === "percent").length / 1000 ** [...roles.values()].filter((r) => r === "scale").length;
  const intPh = toks.slice(0, point).flatMap((t) => (t.t === "digit" ? [t.c] : []));
  const fracPh = toks.slice(point).flatMap((t) => (t.t === "digit" ? [t.c] : []));
  const { int, frac } = roundedDigits(scaled, fracPh.length);
  const group = [...roles.values()].includes("group");
  const ip = integerParts(intPh, int, group);
  const fp = fractionParts(fracPh, frac);
  let out = "", di = 0, df = 0;
  toks.forEach((t, i) => {
    if (t.t === "digit") out += i < point ? ip[di++] : fp[df++];
    else if (t.t === "point") out += i === point && !intPh.length ? `${int}.` : ".";
    else out += textOf(t, roles.get(i), scaled);
  });
  if (pointAt < 0 && !intPh.length && !fracPh.length && toks.some((t) => t.t === "general")) return { text: out, zero: scaled === 0 };
  return { text: out, zero: !/[1-9]/.test(int + frac) };
}

function textOf(t: Token, role: Role | undefined, x: number): string {
  if (t.t === "lit") return t.s;
  if (t.t === "percent") return "%";
  if (t.t === "comma") return role === "text" ? "," : "";
  if (t.t === "slash") return "/";
  if (t.t === "general") return generalText(x);
  return unsupported(`the format code ${t.t} in a number format`);
}

function renderScientific(toks: Token[], x: number): Rendered {
  const e = toks.findIndex((t) => t.t === "exp");
  const pointAt = toks.findIndex((t) => t.t === "point");
  const point = pointAt < 0 || pointAt > e ? e : pointAt;
  const intPh = toks.slice(0, point).filter(isDigit).length;
  const fracPh = toks.slice(point, e).filter(isDigit).length;
  const expPh = toks.slice(e + 1).filter((t) => t.t === "digit" && t.c === "0").length;
  if (intPh !== 1 || toks.some((t) => t.t === "comma" || t.t === "percent" || t.t === "general") || expPh !== toks.slice(e + 1).filter(isDigit).length)
    unsupported("this scientific format (only one integer digit, 0s in the exponent)");
  const m = scientificDigits(x, fracPh);
  const fp = fractionParts(toks.slice(point, e).flatMap((t) => (t.t === "digit" ? [t.c] : [])), m.frac);
  const exp = toks[e] as { t: "exp"; plus: boolean };
  const expText = (m.exp < 0 ? "-" : exp.plus ? "+" : "") + String(Math.abs(m.exp)).padStart(expPh, "0");
  let out = "", df = 0, expDone = false;
  toks.forEach((t, i) => {
    if (t.t === "digit" && i < point) out += m.int;
    else if (t.t === "digit" && i < e) out += fp[df++];
    else if (t.t === "digit") out += expDone ? "" : ((expDone = true), expText);
    else if (t.t === "point") out += ".";
    else if (t.t === "exp") out += "E";
    else out += textOf(t, undefined, x);
  });
  return { text: out, zero: x === 0 };
}
