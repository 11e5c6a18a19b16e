/**
 * The real `svc-excel` command without touching build/: every src/**\/*.ts is transpiled (no type
 * check; `npm run typecheck` does that) into a temporary copy laid out like the repository, next to
 * an unmodified copy of bin/svc-excel.js. Dependencies resolve through NODE_PATH.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as ts from "typescript";

export const ROOT = path.resolve(__dirname, "../..");

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? tsFiles(p) : e.name.endsWith(".ts") && !e.name.endsWith(".d.ts") ? [p] : [];
  });
}

/** Returns the path of the copied bin/svc-excel.js. */
export function buildCliCopy(): { bin: string; dir: string; env: Record<string, string> } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-cli-build-"));
  for (const abs of tsFiles(path.join(ROOT, "src"))) {
    const rel = path.relative(ROOT, abs);
    const js = ts.transpileModule(fs.readFileSync(abs, "utf8"), {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true, resolveJsonModule: true },
      fileName: rel,
    }).outputText;
    const dest = path.join(dir, "build", rel.replace(/\.ts$/, ".js"));
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    fs.writeFileSync(dest, js);
  }
  fs.mkdirSync(path.join(dir, "bin"));
  fs.copyFileSync(path.join(ROOT, "bin", "svc-excel.js"), path.join(dir, "bin", "svc-excel.js"));
  return { bin: path.join(dir, "bin", "svc-excel.js"), dir, env: { NODE_PATH: path.join(ROOT, "node_modules") } };
}
