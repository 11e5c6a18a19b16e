/** What every tool handler of the fake API shares: its context, its envelope, and reading its parsed parameters. */
import type { SandboxEdits } from "./edits";
import { Company, findCompany } from "./companies";
import { Parsed, notFound } from "./params";

export interface ToolContext {
  base: string;
  style: "400" | "422";
  extraFields: boolean;
  /** The test controls' changes (./edits.ts). */
  edits?: SandboxEdits;
}

export interface Envelope {
  text: string;
  data: Record<string, unknown>;
  link: string;
  [extra: string]: unknown;
}

export type Handler = (p: Parsed, ctx: ToolContext) => Envelope;

export function company(p: Parsed): Company {
  const t = String(p.ticker);
  const c = findCompany(t);
  if (!c) throw notFound(`Unknown ticker: ${t.toUpperCase()}`);
  return c;
}

export const pageOf = (ctx: ToolContext, c: Company, sub = "") => `${ctx.base}/company/${encodeURIComponent(c.ticker)}${sub}`;
/** A parameter the spec gives a default for: parseParams has filled it in (the tools restate no default). */
export function given(p: Parsed, k: string): string | number | boolean | string[] {
  if (p[k] === undefined) throw new Error(`fake API: ${k} has no value and the spec gives it no default`);
  return p[k];
}
export const num = (p: Parsed, k: string) => Number(given(p, k));
export const bool = (p: Parsed, k: string) => Boolean(given(p, k));
export const dflt = (p: Parsed, k: string) => String(given(p, k));
export const str = (p: Parsed, k: string) => (p[k] === undefined ? undefined : String(p[k]));
export const strip = <T extends Record<string, unknown>>(r: T, drop: string[]) => Object.fromEntries(Object.entries(r).filter(([k]) => !drop.includes(k)));
