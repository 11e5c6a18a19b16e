/**
 * A date and time section rendered for a serial (1900 system: day 0 is 1900-01-00 and day 60
 * Excel's 1900-02-29). The serial is first rounded to the smallest unit the section shows (a
 * second, or 1/10, 1/100, 1/1000 of one after `s.0`); `m`/`mm` are minutes after an hour code or
 * before a seconds code, a month otherwise; `[h] [m] [s]` count elapsed hours, minutes, seconds.
 */
import type { ErrorValue } from "../../types";
import { err, unsupported } from "../kinds";
import type { DateToken } from "./format-tokens";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const LAST_SERIAL = 2958465; // 9999-12-31

interface Parts {
  y: number;
  mo: number;
  d: number;
  wd: number;
  h: number;
  mi: number;
  s: number;
  sub: string;
  /** Elapsed units from serial 0. */
  hours: number;
  minutes: number;
  seconds: number;
}

/** Calendar day of a 1900-system day number. */
function ymd(day: number): [number, number, number] {
  if (day === 0) return [1900, 1, 0];
  if (day === 60) return [1900, 2, 29];
  const t = new Date(Date.UTC(1899, 11, day < 60 ? 31 : 30) + day * 86400000);
  return [t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate()];
}

function partsOf(serial: number, subDigits: number): Parts {
  const per = 86400 * 10 ** subDigits;
  const units = Math.round(serial * per);
  const day = Math.floor(units / per);
  const inDay = units - day * per;
  const secs = Math.floor(inDay / 10 ** subDigits);
  const [y, mo, d] = ymd(day);
  const totalSecs = Math.floor(units / 10 ** subDigits);
  return {
    y, mo, d, wd: (day + 6) % 7,
    h: Math.floor(secs / 3600), mi: Math.floor(secs / 60) % 60, s: secs % 60,
    sub: subDigits ? String(inDay % 10 ** subDigits).padStart(subDigits, "0") : "",
    hours: Math.floor(totalSecs / 3600), minutes: Math.floor(totalSecs / 60), seconds: totalSecs,
  };
}

const pad2 = (n: number, two: boolean) => (two ? String(n).padStart(2, "0") : String(n));

const letterOf = (t: DateToken | undefined): string => (t && (t.t === "date" || t.t === "elapsed") ? t.c : "");

/** Indexes of the `m` codes that mean minutes. */
function minuteCodes(toks: DateToken[]): Set<number> {
  const codes = toks.map((t, i) => ({ t, i })).filter(({ t }) => t.t === "date" || t.t === "elapsed");
  const out = new Set<number>();
  codes.forEach(({ t, i }, k) => {
    if (t.t !== "date" || t.c !== "m" || (t.n ?? 1) > 2) return;
    if (letterOf(codes[k - 1]?.t) === "h" || letterOf(codes[k + 1]?.t) === "s") out.add(i);
  });
  return out;
}

/** Sub-second digits: a `.` and 0s right after a seconds code. Returns how many, and the tokens they use. */
function subSeconds(toks: DateToken[]): { digits: number; used: Set<number> } {
  const used = new Set<number>();
  toks.forEach((t, i) => {
    if (t.t !== "point" || letterOf(toks[i - 1]) !== "s") return;
    for (let j = i + 1; toks[j]?.t === "digit" && (toks[j] as { c: string }).c === "0"; j++) used.add(j);
    if (used.size) used.add(i);
  });
  const digits = Math.max(0, used.size - (used.size ? 1 : 0));
  if (digits > 3) unsupported("more than 3 decimals of a second");
  return { digits, used };
}

function code(t: DateToken, p: Parts, minute: boolean, ampm: boolean): string {
  const n = t.n ?? 1;
  if (t.t === "elapsed") return String(t.c === "h" ? p.hours : t.c === "m" ? p.minutes : p.seconds).padStart(n, "0");
  if (t.t === "ampm") return t.short ? (p.h < 12 ? "A" : "P") : p.h < 12 ? "AM" : "PM";
  if (t.t !== "date") return "";
  if (t.c === "y") return n <= 2 ? String(p.y % 100).padStart(2, "0") : String(p.y);
  if (t.c === "d") return n <= 2 ? pad2(p.d, n === 2) : n === 3 ? DAYS[p.wd].slice(0, 3) : DAYS[p.wd];
  if (t.c === "h") return pad2(ampm ? p.h % 12 || 12 : p.h, n >= 2);
  if (t.c === "s") return pad2(p.s, n >= 2);
  if (minute) return pad2(p.mi, n === 2);
  return n <= 2 ? pad2(p.mo, n === 2) : n === 3 ? MONTHS[p.mo - 1].slice(0, 3) : n === 5 ? MONTHS[p.mo - 1][0] : MONTHS[p.mo - 1];
}

/** Render a date section for a serial in the 1900 system; a serial before day 0 or after 9999-12-31 is #VALUE! (elapsed-only formats excepted). */
export function renderDate(toks: DateToken[], serial: number): string | ErrorValue {
  const sub = subSeconds(toks);
  if (toks.some((t, i) => t.t === "digit" && !sub.used.has(i)) || toks.some((t) => t.t === "general" || t.t === "percent"))
    return err("#VALUE!");
  const ampmTok = toks.find((t) => t.t === "ampm");
  if (ampmTok && ampmTok.t === "ampm" && !ampmTok.upper) unsupported("am/pm written in lower case");
  const elapsedOnly = toks.filter((t) => t.t === "date" || t.t === "elapsed" || t.t === "ampm").length === 1 && toks.some((t) => t.t === "elapsed") && !sub.digits;
  if (serial < 0 && !elapsedOnly) return err("#VALUE!");
  if (serial < 0) return "-" + renderDate(toks, -serial);
  const hasCalendar = toks.some((t) => t.t !== "elapsed" && (t.t === "date" || t.t === "ampm"));
  if (hasCalendar && serial >= LAST_SERIAL + 1) return err("#VALUE!");
  const p = partsOf(serial, sub.digits);
  const minutes = minuteCodes(toks);
  const ampm = !!ampmTok;
  let out = "";
  toks.forEach((t, i) => {
    if (sub.used.has(i)) out += t.t === "point" ? "." + p.sub : "";
    else if (t.t === "lit") out += t.s;
    else if (t.t === "comma") out += ",";
    else if (t.t === "point") out += ".";
    else if (t.t === "slash") out += "/";
    else out += code(t, p, minutes.has(i), ampm);
  });
  return out;
}
