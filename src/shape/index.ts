export * from "./grid";
export * from "./notices";
export * from "./financials";
export * from "./tools";
