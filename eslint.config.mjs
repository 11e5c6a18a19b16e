// The Office templates' lint (`npm run lint`, part of `npm test`): eslint-plugin-office-addins'
// recommended rules (ESLint's recommended set, prettier's, and the Office.js rules: load before read,
// sync after load, no empty load, isNullObject), over TypeScript as the templates parse it.
// The rules we turn off or narrow for the code base are here, each with its reason.
import officeAddins from "eslint-plugin-office-addins";
import tsParser from "@typescript-eslint/parser";

export default [
  { ignores: ["dist/", "build/", "coverage/", "node_modules/", ".svc-cache/"] },
  ...officeAddins.configs.recommended,
  {
    languageOptions: { parser: tsParser },
    rules: {
      // The code base is not prettier-formatted (about 4,700 findings); reformatting it is a round of its own.
      "prettier/prettier": "off",
      // TypeScript checks every name (npm run typecheck); ESLint's no-undef knows no TypeScript, DOM or Office globals.
      "no-undef": "off",
      // These find a sync only when it is spelled `context.sync()`; our excel().run callbacks name the context `ctx`.
      "office-addins/call-sync-before-read": "off",
      "office-addins/call-sync-after-load": "off",
      // It takes a ClientResult (customXmlPart.getXml().value, read after ctx.sync()) for a proxy that needs load().
      "office-addins/load-object-before-read": "off",
      // Control characters in a regex are the point where we strip them (terminal output, XML text, Excel's CLEAN).
      "no-control-regex": "off",
    },
  },
  {
    // Coefficients are copied digit for digit from their published tables (AS 241, Stirling's series, Cody's erf).
    files: ["src/formula/engine/fns/stat-special.ts", "src/formula/engine/fns/erf.ts"],
    rules: { "no-loss-of-precision": "off" },
  },
  {
    // A hole in an argument-defaults array marks an argument without a default.
    files: ["src/formula/engine/fns/stat-*.ts"],
    rules: { "no-sparse-arrays": "off" },
  },
];
