/** CONVERT(number, from_unit, to_unit): Excel's units and prefixes (see ./convert-units.ts); temperatures by their scales. */
import type { CellValue } from "../../types";
import { err } from "../kinds";
import { BINARY_PREFIXES, PREFIXES, QUANTITIES } from "./convert-units";
import { finite, TOOLPAK, tpNum } from "./math-args";
import type { Arg, PureFamily } from "./types";

/** Temperature scales: Kelvin from the scale and back. */
const SCALES: Record<string, [(x: number) => number, (k: number) => number]> = {
  C: [(x) => x + 273.15, (k) => k - 273.15],
  F: [(x) => ((x - 32) * 5) / 9 + 273.15, (k) => ((k - 273.15) * 9) / 5 + 32],
  K: [(x) => x, (k) => k],
  Rank: [(x) => (x * 5) / 9, (k) => (k * 9) / 5],
  Reau: [(x) => x * 1.25 + 273.15, (k) => (k - 273.15) * 0.8],
};
const SCALE_NAMES: Record<string, string> = { C: "C", cel: "C", F: "F", fah: "F", K: "K", kel: "K", Rank: "Rank", Reau: "Reau" };
/** Kelvin takes a decimal prefix ("mK"); the other scales do not. */
const PREFIXED_SCALES = new Set(["K", "kel"]);

interface Unit {
  quantity: number;
  size: number;
}

/** How many times a prefix counts: twice for an area ("km2" is 1E6 m2), thrice for a volume. */
const power = (unit: string) => (/\^?2$/.test(unit) ? 2 : /\^?3$/.test(unit) ? 3 : 1);

const ALL_PREFIXES = [...Object.entries(PREFIXES), ...Object.entries(BINARY_PREFIXES)];

/** Every reading of a unit's name: "pc" is a parsec and a pico-calorie; the other unit decides. */
function readings(name: string): Unit[] {
  const out: Unit[] = [];
  QUANTITIES.forEach((units, quantity) => {
    if (units[name]) out.push({ quantity, size: units[name][0] });
    for (const [tag, factor] of ALL_PREFIXES) {
      const rest = name.slice(tag.length), unit = units[rest];
      if (!name.startsWith(tag) || !unit || !unit[1]) continue;
      if (tag in BINARY_PREFIXES && rest !== "bit" && rest !== "byte") continue;
      out.push({ quantity, size: unit[0] * factor ** power(rest) });
    }
  });
  return out;
}

/** A temperature unit: its scale and the prefix's factor, or undefined. */
function scaleOf(name: string): [string, number] | undefined {
  if (SCALE_NAMES[name]) return [SCALE_NAMES[name], 1];
  for (const [tag, factor] of Object.entries(PREFIXES)) {
    const rest = name.slice(tag.length);
    if (name.startsWith(tag) && PREFIXED_SCALES.has(rest)) return ["K", factor];
  }
  return undefined;
}

function convert(x: number, from: string, to: string): CellValue {
  const sf = scaleOf(from), st = scaleOf(to);
  if (sf || st) {
    if (!sf || !st) return err("#N/A");
    return finite(SCALES[st[0]][1](SCALES[sf[0]][0](x * sf[1])) / st[1]);
  }
  const targets = readings(to);
  for (const a of readings(from)) {
    const b = targets.find((t) => t.quantity === a.quantity);
    if (b) return finite((x * a.size) / b.size);
  }
  return err("#N/A");
}

function CONVERT([n, f, t]: Arg[]): CellValue {
  const x = tpNum(n);
  if (typeof x !== "number") return x;
  for (const u of [f, t]) if (typeof u === "object" && u !== null && !Array.isArray(u)) return u;
  if (typeof f !== "string" || typeof t !== "string") return err("#N/A");
  return convert(x, f, t);
}

export const CONVERT_FNS: PureFamily = { CONVERT: { ...TOOLPAK, min: 3, max: 3, fn: CONVERT } };
