// Cruise several small trees with the project's rules in ONE node process (loading dependency-cruiser
// and TypeScript once instead of once per tree). Usage: node cruise-trees.mjs CONFIG DIR...
// Prints a JSON array: per DIR, the violations [{from, to, rule}] of cruising its top-level folders.
import { readdirSync } from "node:fs";
import { cruise } from "dependency-cruiser";
import extractDepcruiseConfig from "dependency-cruiser/config-utl/extract-depcruise-config";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";

const [config, ...dirs] = process.argv.slice(2);
const rules = await extractDepcruiseConfig(config);
const out = [];
for (const dir of dirs) {
  process.chdir(dir);
  const roots = readdirSync(".", { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  const result = await cruise(
    roots,
    { ...rules.options, validate: true, ruleSet: { forbidden: rules.forbidden } },
    {},
    { tsConfig: extractTSConfig("tsconfig.json") },
  );
  out.push(result.output.summary.violations.map((v) => ({ from: v.from, to: v.to, rule: v.rule.name })));
}
process.stdout.write(JSON.stringify(out));
