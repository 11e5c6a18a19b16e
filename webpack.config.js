/* eslint-disable */
/**
 * The add-in bundle: ONE page (taskpane.html) and ONE entry chunk (functions.js) holding the page
 * bootstrap, every custom-function module and the pane, so the engine, cache, queue and token store
 * exist exactly once per runtime (several entries on one page instantiate
 * shared modules twice unless the runtime chunk is single; one self-contained entry also works if
 * Excel loads the manifest's <Script> URL on its own).
 *
 * CustomFunctionsMetadataPlugin comes first: it writes functions.json from the JSDoc of the function
 * sources before compilation and appends CustomFunctions.associate(...) to each of them.
 *
 * Build-time configuration (scripts/build-helpers/config.js): SVC_BASE_URL, SVC_APP_URL and
 * SVC_ADDIN_URL go into the bundle (DefinePlugin __SVC_BUILD__) and into dist/manifest.xml.
 * SVC_FUNCTIONS_DIR (tests only) points the build at another folder of function sources.
 */
"use strict";
const path = require("path");
const fs = require("fs");
const webpack = require("webpack");
const HtmlWebpackPlugin = require("html-webpack-plugin");
const CopyWebpackPlugin = require("copy-webpack-plugin");
const CustomFunctionsMetadataPlugin = require("custom-functions-metadata-plugin");
const { addinConfig } = require("./scripts/build-helpers/config");
const { renderManifest } = require("./scripts/build-helpers/manifest");
const { functionSources } = require("./scripts/build-helpers/functions-files");

const ROOT = __dirname;
const OFFICE_JS = "https://appsforoffice.microsoft.com/lib/1/hosted/office.js";

module.exports = (env = {}, argv = {}) => {
  const mode = argv.mode || "production";
  const cfg = addinConfig(process.env);
  const functionsDir = path.resolve(ROOT, process.env.SVC_FUNCTIONS_DIR || "src/compose");
  const functionFiles = functionSources(functionsDir);
  if (functionFiles.length === 0) throw new Error(`no custom-function sources (@customfunction) in ${functionsDir}`);
  const outDir = path.resolve(ROOT, process.env.SVC_DIST_DIR || "dist");
  const pageEntry = path.join(ROOT, "src/taskpane/index.ts");
  const dialogDir = path.join(ROOT, "src/dialog");
  const dialogPages = fs.existsSync(dialogDir) ? fs.readdirSync(dialogDir).filter((f) => f.endsWith(".html")) : [];
  const dialogEntries = fs.existsSync(dialogDir)
    ? fs.readdirSync(dialogDir).filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))
    : [];

  const build = {
    ...cfg,
    version: require("./package.json").version,
  };

  const addin = {
    name: "addin",
    mode,
    context: ROOT,
    // Production maps give file/line for stack traces but carry no source contents (nothing of the
    // sources ships in dist/); development keeps full maps.
    devtool: mode === "production" ? "nosources-source-map" : "eval-cheap-module-source-map",
    target: ["web", "es2022"],
    entry: {
      // Order matters: the page bootstrap installs the one engine before any function can run.
      functions: [pageEntry, ...functionFiles],
      // Dialog pages (sign-in start/callback) are a separate runtime: their own small chunks under auth/.
      ...Object.fromEntries(dialogEntries.map((f) => [`auth/${path.basename(f, ".ts")}`, path.join(dialogDir, f)])),
    },
    output: {
      path: outDir,
      filename: "[name].js",
      publicPath: "auto",
      clean: true,
    },
    resolve: {
      extensions: [".ts", ".js"],
      // Node-only code paths (FileLock, file cache) are loaded lazily and never run in the browser.
      fallback: { fs: false, path: false, os: false, crypto: false },
      alias: { "proper-lockfile": false },
    },
    module: {
      rules: [
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          use: {
            loader: "ts-loader",
            // Type checking is `tsc --noEmit` (npm run typecheck); the bundle only strips types.
            options: { transpileOnly: true, compilerOptions: { noEmit: false, sourceMap: true, module: "es2020" } }, // es2020 keeps import() for webpack: the pane is its own chunk
          },
        },
        {
          // A room's door (src/<room>/index.ts) only re-exports: the page bundles the files behind it
          // that it uses, not the whole room (the sign-in dialog stays a few kilobytes).
          test: /[\\/]src[\\/](?!taskpane[\\/]|fake-office[\\/]|compose[\\/])(?:[^\\/]+|adapters[\\/][^\\/]+|model-file[\\/]create)[\\/]index\.ts$/,
          sideEffects: false,
        },
      ],
    },
    optimization: {
      // A second page or entry must never get its own copy of the engine.
      runtimeChunk: false,
      splitChunks: false,
    },
    performance: { hints: false },
    plugins: [
      new CustomFunctionsMetadataPlugin({ output: "functions.json", input: functionFiles }),
      new webpack.DefinePlugin({ __SVC_BUILD__: JSON.stringify(build) }),
      new HtmlWebpackPlugin({
        filename: "taskpane.html",
        template: path.join(ROOT, "src/taskpane/taskpane.html"),
        chunks: ["functions"],
        scriptLoading: "defer",
        templateParameters: { officeJs: OFFICE_JS, connectSrc: [...new Set([new URL(cfg.baseUrl).origin, new URL(cfg.appUrl).origin])].join(" ") },
      }),
      ...dialogPages.map(
        (f) =>
          new HtmlWebpackPlugin({
            filename: `auth/${f}`,
            template: path.join(dialogDir, f),
            chunks: dialogEntries.some((e) => path.basename(e, ".ts") === path.basename(f, ".html"))
              ? [`auth/${path.basename(f, ".html")}`]
              : [],
            scriptLoading: "defer",
            templateParameters: { officeJs: OFFICE_JS, appOrigin: new URL(cfg.appUrl).origin },
          })
      ),
      new CopyWebpackPlugin({
        patterns: [
          { from: "assets/*.png", to: "assets/[name][ext]" },
          { from: "src/taskpane/pane.css", to: "pane.css" },
          { from: "src/dialog/dialog.css", to: "auth/dialog.css" },
          { from: "assets/help.html", to: "help.html", noErrorOnMissing: true },
          {
            from: "manifest.xml",
            to: "manifest.xml",
            transform: (content) => renderManifest(content.toString("utf8"), cfg),
          },
        ],
      }),
    ],
  };

  // The workbench (development only, never in dist/ or the manifest): build/workbench/, with the
  // fake Office host (src/fake-office, TypeScript) bundled into ONE script, fake-office.js, which
  // the dev server and the browser tests serve in place of office.js.
  const workbench = {
    name: "workbench",
    mode,
    context: ROOT,
    devtool: "source-map",
    target: ["web", "es2022"],
    entry: { workbench: path.join(ROOT, "src/workbench/workbench.ts"), "fake-office": path.join(ROOT, "src/fake-office/index.ts") },
    output: { path: path.resolve(ROOT, process.env.SVC_WORKBENCH_DIR || "build/workbench"), filename: "[name].js", publicPath: "auto", clean: true },
    resolve: { extensions: [".ts", ".js"] },
    module: { rules: addin.module.rules },
    performance: { hints: false },
    plugins: [
      new HtmlWebpackPlugin({ filename: "index.html", template: path.join(ROOT, "src/workbench/index.html"), chunks: ["workbench"], scriptLoading: "defer", inject: "body" }),
      new CopyWebpackPlugin({
        patterns: [
          { from: "src/workbench/workbench.css", to: "workbench.css" },
        ],
      }),
    ],
  };

  return process.env.SVC_SKIP_WORKBENCH === "1" ? addin : [addin, workbench];
};
