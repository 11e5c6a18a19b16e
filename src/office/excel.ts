/** The page's Excel global, or an error saying it is missing (outside Excel, before office.js loaded). */
export function excel(): typeof Excel {
  const x = (globalThis as unknown as { Excel?: typeof Excel }).Excel;
  if (!x || typeof x.run !== "function") throw new Error("Excel is not available in this page");
  return x;
}
