/**
 * The `options` argument every SVC function takes last: `name=value` pairs separated by `;`
 * (a `,` is accepted too). Shared choices: headers=0|1|2, dates=serial|text, na=blank|na; some
 * functions add their own. Which, with their values, is src/api/arguments.ts (optionsOf).
 */
import { optionsOf } from "../api";
import { invalidArgument } from "../api";
import { ShapeOptions } from "../shape";

export interface CellOptions extends ShapeOptions {
  na: "blank" | "na";
}

export function parseOptions(raw: unknown, fn: string): CellOptions {
  const out: CellOptions = { headers: 1, dates: "serial", na: "blank", extra: {} };
  if (raw === null || raw === undefined) return out;
  const text = String(raw).trim();
  if (text === "") return out;
  const allowed = optionsOf(fn);
  for (const part of text.split(/[;,]/)) {
    const item = part.trim();
    if (!item) continue;
    const m = /^([A-Za-z_]+)\s*=\s*(.*)$/.exec(item);
    if (!m) throw invalidArgument("options", `options: "${item}" is not name=value (allowed: ${Object.keys(allowed).join(", ")})`);
    const name = m[1].toLowerCase();
    const value = m[2].trim().toLowerCase();
    const values = allowed[name];
    if (!values) throw invalidArgument("options", `options: unknown option "${name}" (allowed: ${Object.keys(allowed).join(", ")})`);
    if (!values.includes(value)) throw invalidArgument("options", `options: ${name} must be ${values.join(" or ")}; got "${m[2].trim()}"`);
    if (name === "headers") out.headers = Number(value) as 0 | 1 | 2;
    else if (name === "dates") out.dates = value as "serial" | "text";
    else if (name === "na") out.na = value as "blank" | "na";
    else out.extra[name] = value;
  }
  return out;
}
