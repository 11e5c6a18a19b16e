/**
 * What an SVC call asks for, in words a person reads in a change list: "NVDA revenue FY",
 * "MSFT market_cap", "NVDA headlines", "insiderfeed"; and its subject (the ticker a value belongs to).
 */
const word = (v: unknown): string => {
  if (Array.isArray(v)) return v.flat(2).map(word).filter((x) => x !== "").join(",");
  if (v === null || v === undefined || typeof v === "object") return "";
  return String(v).trim();
};

/** Functions whose first argument is not a company (a query, a filter, a day count). */
const NO_SUBJECT = new Set(["SEARCH", "INVESTOR", "SCREEN", "INSIDERFEED", "CONGRESSFEED", "ECONOMY"]);

export function callWords(fn: string, args: readonly unknown[]): { subject: string; what: string } {
  const name = fn.toUpperCase().replace(/^SVC\./, "");
  const subject = NO_SUBJECT.has(name) ? "" : word(args[0]).toUpperCase();
  if (name === "FINANCIALS") return { subject, what: [subject, word(args[1]) || "financials", word(args[2])].filter((x) => x !== "").join(" ") };
  if (name === "COMPANY") return { subject, what: [subject, word(args[1]) || "company"].filter((x) => x !== "").join(" ") };
  if (name === "ECONOMY") return { subject, what: ["economy", word(args[0])].filter((x) => x !== "").join(" ") };
  return { subject, what: [subject, name.toLowerCase()].filter((x) => x !== "").join(" ") };
}
