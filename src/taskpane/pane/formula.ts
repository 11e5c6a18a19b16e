/**
 * Formula text for the builder, the screener and the feeds: `=SVC.NAME(arg, ...)` with Excel's
 * quoting. Text is quoted (inner quotes doubled, literals longer than Excel's 255-character limit
 * joined with &), numbers and booleans stay bare, skipped arguments in the middle stay empty
 * (`=SVC.FILINGS("AAPL",,5)`), trailing skipped arguments are dropped.
 *
 * The argument list comes from the catalogue (ToolSpec.fnArgs and the params' specs); the help of
 * the function arguments that are not API parameters (field, period, options) from src/api/arguments.
 */
import { argHelp } from "../../api";
import { ParamSpec, TOOLS, ToolName, ToolSpec, paramOf } from "../../api";
import { bareSvcName } from "../../api";

export type ArgValue = string | number | boolean | null | undefined;

/** Excel's limit on one text literal inside a formula. */
export const MAX_LITERAL = 255;

/** A text value as an Excel literal: `"..."` with `"` doubled; long text split into joined literals. */
export function quoteText(s: string): string {
  const parts: string[] = [];
  for (let i = 0; i < s.length; i += MAX_LITERAL) parts.push(s.slice(i, i + MAX_LITERAL));
  if (parts.length === 0) parts.push("");
  return parts.map((p) => `"${p.replace(/"/g, '""')}"`).join("&");
}

/** One argument as formula text; "" for a skipped argument. */
export function argText(v: ArgValue): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "boolean") return v ? "TRUE" : "FALSE";
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : "";
  return v === "" ? "" : quoteText(v);
}

/** `=SVC.NAME(...)` for a function name (with or without the SVC. prefix) and its arguments in order. */
export function formulaText(fn: string, args: readonly ArgValue[]): string {
  const name = bareSvcName(fn);
  const texts = args.map(argText);
  while (texts.length > 0 && texts[texts.length - 1] === "") texts.pop();
  return `=SVC.${name}(${texts.join(",")})`;
}

/** What the builder needs to draw one argument's input. */
export interface ArgSpec {
  name: string;
  /** The catalogue's parameter spec, or a stand-in for arguments that are not API parameters. */
  param: ParamSpec;
  /** True for function arguments that are API parameters (bounds come from the catalogue). */
  fromCatalogue: boolean;
  /** FINANCIALS' period: a whole number stays a bare number (N years), anything else is text. */
  numberOrText?: boolean;
}

/** The arguments of a tool's SVC function, in the order users type them. */
export function argSpecs(tool: ToolName): ArgSpec[] {
  const spec: ToolSpec = TOOLS[tool];
  return spec.fnArgs.map((name): ArgSpec => {
    const p = paramOf(tool, name);
    // The catalogue's spec (bounds, values) with the argument's one help text as its hint.
    if (p) return { name, param: { ...p, description: argHelp(spec.fn, name) }, fromCatalogue: true };
    const extra: ParamSpec = { name, type: "string", description: argHelp(spec.fn, name) };
    return { name, param: extra, fromCatalogue: false, numberOrText: tool === "get_financials" && name === "period" };
  });
}

/** A text input's value as the argument it stands for (numbers typed into text-or-number args stay numbers). */
export function textArg(raw: string, numberOrText = false): ArgValue {
  const t = raw.trim();
  if (t === "") return null;
  if (numberOrText && /^-?\d+(\.\d+)?$/.test(t)) return Number(t);
  return t;
}
