/** The CLI reads formulas with the shared parser (src/formula/parse.ts, also used by the pane and the workbench). */
export * from "../formula/text/parse";
