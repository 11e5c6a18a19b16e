/**
 * The catalogue of Excel functions: for each name, its arity, how Excel takes each argument (a
 * value, a range, an array, a reference), whether it is volatile, its date parameters, and what
 * computes it — the engine's own evaluation of the argument nodes (fn-*.ts), a pure function of the
 * evaluated arguments (fns/), the libraries (fast-formula-parser, formulajs), or nothing: refused
 * with the reason. The engine's dispatch, the volatile lint, the conformance report and the docs
 * read it; adding a function is one entry in a family (or one line of library rules).
 */
import { AGGREGATES } from "../fn-aggregate";
import { CLOCK } from "../fn-clock";
import { CRITERIA } from "../fn-criteria";
import { LOGIC, own, type OwnFamily, type OwnFunction, type Special } from "../fn-logic";
import { LAMBDAS } from "../fn-lambda";
import { LAMBDA_HELPERS } from "../fn-lambda-helpers";
import { WORKBOOK } from "../fn-workbook";
import { SPILL } from "../fn-spill";
import { INDIRECTION } from "../fn-indirect";
import { REFERENCE } from "../fn-ref";
import { TEXT_VALUE } from "../fn-value";
import { PURE } from "../fns";
import type { ArgumentRules, PureFunction } from "../fns/types";
import { libraryNames, libraryOf, type LibraryName } from "../library";
import { measuredDifference } from "../measured";
import { LIBRARY_RULES } from "./library-rules";

/** The functions whose argument nodes the engine evaluates itself. */
/** The evaluator's functions written as Specials that check their own arguments: any count here, rules by name. */
function checkedByThemselves(family: Record<string, Special>, rules: Record<string, ArgumentRules>): OwnFamily {
  return Object.fromEntries(Object.entries(family).map(([name, special]) => [name, own(special, 0, 255, rules[name] ?? {})]));
}

const EVALUATOR = checkedByThemselves({ ...LAMBDAS, ...LAMBDA_HELPERS, ...WORKBOOK, ...SPILL, ...INDIRECTION }, { INDIRECT: { volatile: "reference" } });

const OWN: OwnFamily = { ...LOGIC, ...REFERENCE, ...AGGREGATES, ...CRITERIA, ...TEXT_VALUE, ...CLOCK, ...EVALUATOR };

/** Functions Excel has that the engine refuses whatever the libraries hold, and why (facts kept for the lint and the docs). */
const REFUSED: Record<string, ArgumentRules & { reason: string }> = {
  WEBSERVICE: { reason: "WEBSERVICE is not offered (no network from a formula)" },
  RANDARRAY: { reason: "RANDARRAY is not implemented", volatile: "random" },
};

export type Implementation =
  | { kind: "own"; own: OwnFunction }
  | { kind: "pure"; pure: PureFunction }
  | { kind: "library"; library: LibraryName }
  | { kind: "refused"; reason: string };

export interface CatalogueEntry {
  /** Excel's name, upper case, without `_xlfn.`. */
  name: string;
  /** Fewest and most arguments; undefined where the library checks them. */
  min?: number;
  max?: number;
  rules: ArgumentRules;
  implementation: Implementation;
}

/** A pure function with the date parameters the library rules give its name, until its family declares them. */
function pureEntry(name: string, f: PureFunction): CatalogueEntry {
  const lib = LIBRARY_RULES[name];
  const pure = f.dates === undefined && lib?.dates ? { ...f, dates: lib.dates, dateResult: f.dateResult ?? lib.dateResult } : f;
  return { name, min: f.min, max: f.max, rules: pure, implementation: { kind: "pure", pure } };
}

function findEntry(name: string): CatalogueEntry {
  const own = OWN[name];
  if (own) return { name, min: own.min, max: own.max, rules: own, implementation: { kind: "own", own } };
  const pure = PURE[name];
  if (pure) return pureEntry(name, pure);
  const rules = LIBRARY_RULES[name] ?? {};
  const refused = REFUSED[name];
  if (refused) return { name, rules: { ...rules, ...refused }, implementation: { kind: "refused", reason: refused.reason } };
  const differs = measuredDifference(name);
  if (differs) return { name, rules, implementation: { kind: "refused", reason: differs } };
  const library = libraryOf(name);
  return { name, rules, implementation: library ? { kind: "library", library } : { kind: "refused", reason: `${name} is not implemented` } };
}

const entryCache = new Map<string, CatalogueEntry>();

/** The catalogue's entry for `name` (upper case, without `_xlfn.`); a name it does not know is refused as not implemented. */
export function entryOf(name: string): CatalogueEntry {
  let e = entryCache.get(name);
  if (!e) entryCache.set(name, (e = findEntry(name)));
  return e;
}

/** Every function the catalogue knows, by name. */
export function catalogue(): CatalogueEntry[] {
  const names = new Set([...Object.keys(OWN), ...Object.keys(PURE), ...Object.keys(REFUSED), ...Object.keys(LIBRARY_RULES), ...libraryNames()]);
  return [...names].sort().map(entryOf);
}

/** True when the engine computes `name` (its own evaluation, a pure function or the library's). */
export const implemented = (name: string): boolean => entryOf(name).implementation.kind !== "refused";
