/** Sample data built once per company (by ticker), on first use. */
import type { Company } from "./companies";

export const memo = <T>(build: (c: Company) => T) => {
  const m = new Map<string, T>();
  return (c: Company): T => {
    if (!m.has(c.ticker)) m.set(c.ticker, build(c));
    return m.get(c.ticker) as T;
  };
};
