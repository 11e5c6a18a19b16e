/**
 * Import rules of the add-in, checked by `npm run depcruise` (part of `npm test`):
 *
 *   functions, taskpane, cli ──> engine ──> api        auth ──> api (it implements the client's
 *   shape: pure (type-only imports of api at most)      credential interface; api never imports auth)
 *   recalc: pure, imports nothing (the one rectangle, the area index, the dependency graph, the order)
 *   formula: pure (its own modules, recalc, api's excel-date, and the two formula libraries)
 *   model-file: pure (its own modules, formula, recalc, and fflate)
 *   adapters/{browser,node}: imported only by compose   compose: the one composition root, imported only
 *   (and their own tests)                                by host/, cli/ and the webpack entry files
 *   no cycles; Node built-ins only in adapters/node and cli; the CLI never reaches office/ (any chain);
 *   the fake API never imports src/.
 *   Doors: one room reaches another only through its index (src/<room>/index.ts), never a file behind it;
 *   inside model-file and formula the layers point one way (zip -> parts -> model -> commands; text ->
 *   engine -> resolve).
 *
 * Violations that exist in the tree while the helpers who own the code are fixing them are listed
 * in .dependency-cruiser-known-violations.json (remove an entry once it is fixed; never add one to
 * make a new import pass).
 */
"use strict";

/** Modules of src, as path patterns. */
const SRC = (name) => `^src/${name}/`;
const OUTSIDE = (...names) => `^src/(?!(${names.join("|")})/)`;
/** Files webpack bundles as entries: they compose the page (webpack.config.js, scripts/build-helpers). */
const WEBPACK_ENTRIES = ["^src/taskpane/index\\.ts$", "^src/dialog/[^/]+\\.ts$", "^src/workbench/workbench\\.ts$"];

/**
 * The order inside a room, as docs/architecture.md draws it: each layer imports only itself and the layers
 * below it (and the room's shared leaf, errors.ts in model-file / types.ts in formula).
 *   model-file: zip/ (the package) -> parts/ (its parts) -> model/ (cells, graph, results) -> the commands
 *   on top (refresh, check, freeze, repair); create/ writes a new package from parts/ and zip/ only.
 *   formula: text/ (tokens, syntax, references) -> engine/ (plain formulas) -> resolve/ (SVC arguments).
 */
const LAYERS = [
  ["model-file", "zip", [], "errors"],
  ["model-file", "parts", ["zip"], "errors"],
  ["model-file", "model", ["zip", "parts"], "errors"],
  ["model-file", "create", ["zip", "parts"], "errors"],
  ["formula", "text", [], "types"],
  ["formula", "engine", ["text"], "types"],
].map(([room, layer, below, leaf]) => ({
  name: `${room}-layers`,
  severity: "error",
  comment: `Inside ${room}, ${layer}/ imports only itself${below.length ? `, ${below.map((b) => `${b}/`).join(", ")}` : ""} and ${leaf}.ts: the layers point one way (docs/architecture.md).`,
  from: { path: `^src/${room}/${layer}/` },
  to: { path: `^src/${room}/`, pathNot: [`^src/${room}/(${[layer, ...below].join("|")})/`, `^src/${room}/${leaf}\\.ts$`] },
}));

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A cycle makes load order matter and units untestable alone.",
      from: { path: "^src/" },
      to: { circular: true },
    },
    {
      name: "api-is-the-bottom",
      severity: "error",
      comment: "src/api (catalogue, validation, client, errors) depends on nothing else of the add-in: not on auth (auth implements api's credential interface), not on the engine; only the one address rule (src/platform/urls.ts) is shared with it.",
      from: { path: SRC("api") },
      to: { path: OUTSIDE("api"), pathNot: "^src/platform/index\\.ts$" },
    },
    {
      name: "engine-only-knows-api",
      severity: "error",
      comment: "The engine sits between the callers (functions, taskpane, cli) and api; it never reaches up, into the host, into auth, or into adapters (compose hands it their implementations).",
      from: { path: SRC("engine") },
      to: { path: OUTSIDE("engine", "api", "platform") },
    },
    {
      name: "auth-only-knows-api",
      severity: "error",
      comment: "Auth implements api's credential interface; the engine and the callers never depend on auth, auth never on them (compose wires them together).",
      from: { path: SRC("auth") },
      to: { path: "^src/(engine|functions|taskpane|cli|host|shape|workbench|dialog|compose|adapters)/" },
    },
    {
      name: "callers-never-import-auth",
      severity: "error",
      comment: "functions and the engine reach the credential only through api's interface; the pane talks to auth through its port (taskpane/pane/auth-port), wired by the composition root.",
      from: { path: "^src/(engine|functions|shape|api)/" },
      to: { path: SRC("auth") },
    },
    {
      name: "shape-is-pure",
      severity: "error",
      comment: "Shaping answers into grids is pure: nothing outside src/shape but type-only imports of api (no engine, no Office, no Node, no npm).",
      from: { path: SRC("shape") },
      to: { pathNot: [SRC("shape"), SRC("api")] },
    },
    {
      name: "shape-uses-only-api-types",
      severity: "error",
      comment: "shape may name api's types (import type / type-only use), never run api code.",
      from: { path: SRC("shape") },
      to: { path: SRC("api"), dependencyTypesNot: ["pre-compilation-only", "type-only"] },
    },
    {
      name: "recalc-is-pure",
      comment: "src/recalc (the one rectangle, the area index, the dependency graph and the recalculation order) is shared by the model-file refresh and the fake host so both reach the same formulas in the same order; it imports nothing, and every room reaches it through its index.",
      severity: "error",
      from: { path: SRC("recalc") },
      to: { pathNot: SRC("recalc") },
    },
    {
      name: "recalc-through-its-index",
      comment: "Other rooms use src/recalc through its index only.",
      severity: "error",
      from: { path: "^src/", pathNot: SRC("recalc") },
      to: { path: SRC("recalc"), pathNot: "^src/recalc/index\\.ts$" },
    },
    {
      name: "formula-is-pure",
      comment: "src/formula (formula text, the resolver, the plain-formula engine) runs in the pane, the fake host, the workbench and the CLI: it imports only itself, the one rectangle (src/recalc), api's date serials and SVC names, and its two libraries (fast-formula-parser, @formulajs/formulajs); never Office wrappers, the engine, functions, the pane, the CLI or Node built-ins.",
      severity: "error",
      from: { path: SRC("formula") },
      to: { pathNot: [SRC("formula"), "^src/recalc/index\\.ts$", "^src/api/index\\.ts$", "(^|/)node_modules/(fast-formula-parser|@formulajs/formulajs)/"] },
    },
    {
      name: "model-file-is-pure",
      comment: "src/model-file (.xlsx bytes in, bytes out) runs in the CLI and the browser workbench: it imports only itself, src/formula, src/recalc and fflate; never the request engine, functions, Office wrappers, the CLI or Node built-ins (the CLI does file I/O and calls).",
      severity: "error",
      from: { path: SRC("model-file") },
      to: { pathNot: [SRC("model-file"), "^src/formula/index\\.ts$", "^src/recalc/index\\.ts$", "(^|/)node_modules/fflate/"] },
    },
    {
      name: "plan-is-pure",
      comment: "src/plan (the one refresh plan: SVC calls, requests, price, stages, what cannot be priced) runs in the pane, the workbench and the CLI: it imports only itself, src/formula, src/recalc, api's argument help and errors, and the engine's request types; the host hands it its cell reader and request mapping (no Office, no engine instance, no functions, no Node built-ins).",
      severity: "error",
      from: { path: SRC("plan") },
      to: { pathNot: [SRC("plan"), "^src/formula/index\\.ts$", "^src/recalc/index\\.ts$", "^src/api/index\\.ts$", "^src/engine/index\\.ts$"] },
    },
    {
      name: "plan-uses-only-engine-types",
      severity: "error",
      comment: "plan names the engine's PlanRequest and RefreshPlan, never runs engine code.",
      from: { path: SRC("plan") },
      to: { path: SRC("engine"), dependencyTypesNot: ["pre-compilation-only", "type-only"] },
    },
    {
      name: "adapters-only-from-compose",
      severity: "error",
      comment: "Browser-only and Node-only parts are chosen in one place, the composition root; everything else gets them injected.",
      from: { path: "^src/", pathNot: [SRC("compose"), SRC("adapters")] },
      to: { path: SRC("adapters") },
    },
    {
      name: "browser-and-node-adapters-apart",
      severity: "error",
      comment: "A browser adapter never pulls in a Node one, nor the reverse (adapters of one kind may share modules).",
      from: { path: SRC("adapters/(browser|node)") },
      to: { path: SRC("adapters/(browser|node)"), pathNot: "^src/adapters/$1/" },
    },
    {
      name: "compose-only-from-roots",
      severity: "error",
      comment: "src/compose is the one composition root: the page (host/runtime.ts, the webpack entries) and the CLI use it; nothing below them may.",
      from: { path: "^src/", pathNot: [SRC("compose"), SRC("host"), SRC("cli"), ...WEBPACK_ENTRIES] },
      to: { path: SRC("compose") },
    },
    {
      name: "node-builtins-only-in-node-code",
      severity: "error",
      comment: "Node built-ins (fs, path, crypto, os, child_process...) live in adapters/node and the CLI; the rest is bundled for the browser.",
      from: { path: "^src/", pathNot: [SRC("adapters/node"), SRC("cli")] },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "cli-is-node-only",
      severity: "error",
      comment: "Nothing bundled for the page imports the CLI (shared pieces such as the formula parser live in a shared module).",
      from: { path: "^src/", pathNot: [SRC("cli")] },
      to: { path: SRC("cli") },
    },
    {
      name: "cli-never-reaches-office",
      severity: "error",
      comment: "src/office wraps Office globals for the page; the CLI runs in Node where they do not exist. Through no chain of imports (the functions it calls get Office's cell errors injected by the page: src/functions/cell-host.ts); what both need (the cell-error table) lives in src/api/cell-outcome.ts.",
      from: { path: SRC("cli") },
      to: { path: SRC("office"), reachable: true },
    },
    {
      name: "fake-office-shares-only-formula",
      severity: "error",
      comment: "The fake Office host ships in the workbench page. It shares one room of the add-in, src/formula (formula text, the plain-formula engine, the argument resolver), through its index, and nothing else: never the request engine, the functions, the pane, Office wrappers or shape, so no test of those is checked by the code under test. The formula room is safe to share because it is held to Excel independently of the fake: the engine by test/formula/engine.test.ts (values hand-checked in Excel), the resolver by test/formula/resolve.test.ts (arguments as Excel passes them, written by hand); the workbench shows what the add-in computes, by design. The formula room includes the one test of 'this formula holds an SVC call' (Excel runs every SVC call wherever it is written, so the host must find them; the test is held by test/plan against hand-written formulas). Besides formula it may read pure facts through their indexes: the SVC function names (src/api/svc-name), a file's unverified formulas (src/model-file: the workbench opens files through it), and src/recalc (the same dependency graph and recalculation order as the model-file refresh, so the workbench and the CLI reach the same formulas).",
      from: { path: SRC("fake-office") },
      to: { path: "^src/", pathNot: [SRC("fake-office"), "^src/formula/index\\.ts$", "^src/api/index\\.ts$", "^src/model-file/index\\.ts$", "^src/recalc/index\\.ts$"] },
    },
    {
      name: "fake-api-independent-of-src",
      severity: "error",
      comment: "The fake API must not validate against the code it tests: its rules come from docs/api-spec.md via test/spec/spec.ts.",
      from: { path: ["^test/fakes/api/", "^test/spec/spec\\.ts$"] },
      to: { path: "^src/" },
    },
    {
      name: "rooms-through-doors",
      severity: "error",
      comment: "A room is entered through its door, src/<room>/index.ts, which names what other rooms use of it; a file behind the door can change without its callers knowing. adapters/browser, adapters/node and model-file/create are rooms of their own with their own doors (create is not shipped with the CLI). Rooms whose index is a webpack entry have no door: compose (the roots enter its files: compose-only-from-roots) and fake-office (the workbench, bundled with it, names its display and book types).",
      from: { path: "^src/([^/]+)/" },
      to: { path: "^src/", pathNot: ["^src/$1/", "^src/[^/]+/index\\.ts$", "^src/adapters/(browser|node)/index\\.ts$", "^src/model-file/create/index\\.ts$", SRC("compose"), SRC("fake-office")] },
    },
    {
      name: "workbench-reaches-fake-office-types-only",
      severity: "error",
      comment: "fake-office's index is the fake host's entry, not a door: the workbench may name its types (display, book input and output), never run its code (the workbench page talks to the host as Excel does).",
      from: { path: SRC("workbench") },
      to: { path: SRC("fake-office"), dependencyTypesNot: ["pre-compilation-only", "type-only"] },
    },
    {
      name: "fake-office-only-from-workbench",
      severity: "error",
      comment: "The fake host has no door: of the add-in's rooms only the workbench, bundled beside it, names its types.",
      from: { path: "^src/", pathNot: [SRC("fake-office"), SRC("workbench")] },
      to: { path: SRC("fake-office") },
    },
    ...LAYERS,
    {
      name: "not-to-unresolvable",
      severity: "error",
      comment: "An import that does not resolve is a typo or a missing package.",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Type-only imports count (and are marked pre-compilation-only, so shape may use api types).
    tsPreCompilationDeps: "specify",
    tsConfig: { fileName: "tsconfig.json" },
    // Resolve package subpaths through package.json "exports" as webpack does (the pane imports
    // @fluentui/web-components/web-components.min.js, an exported path that is not a file path).
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "default"] },
    exclude: { path: "\\.d\\.ts$" },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
