/**
 * `svc-excel` installed like a tool, as the README says: `npm install -g .` from the checkout (here
 * into a temporary prefix, offline: the checkout's own node_modules serve the dependencies), then the
 * command found on that PATH runs from any folder, against the fake API. And the packed tarball holds
 * what the bin needs: bin/ and the compiled build/src (package.json `files`; `prepare` compiles it on
 * `npm ci`, `npm install -g .` and `npm pack`). The README's sample-model commands with that command:
 * check, refresh --frozen-copy, and LibreOffice reading every figure of the frozen copy.
 * (scripts/fresh-clone.sh walks the same README from `git clone` and `npm ci`, with `npm start`.)
 */
import { execFileSync, spawn, spawnSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { FakeApi, SANDBOX_API_KEY, startFakeApi } from "../fakes/api/server";
import { ROOT } from "./cli-build";

const NPM = process.platform === "win32" ? "npm.cmd" : "npm";
let prefix: string;
let api: FakeApi;

function newestSource(dir: string): number {
  return fs.readdirSync(dir, { withFileTypes: true }).reduce((m, e) => {
    const p = path.join(dir, e.name);
    return Math.max(m, e.isDirectory() ? newestSource(p) : e.name.endsWith(".ts") ? fs.statSync(p).mtimeMs : 0);
  }, 0);
}

/** The compiled CLI the bin loads: `npm ci` made it; missing or older than a source, it is compiled here (never skipped). */
function ensureBuilt(): void {
  const main = path.join(ROOT, "build", "src", "cli", "main.js");
  if (fs.existsSync(main) && fs.statSync(main).mtimeMs >= newestSource(path.join(ROOT, "src"))) return;
  execFileSync(NPM, ["run", "build:cli"], { cwd: ROOT, stdio: "pipe", timeout: 300_000 });
}

beforeAll(async () => {
  ensureBuilt();
  prefix = fs.mkdtempSync(path.join(os.tmpdir(), "svc-install-"));
  // --ignore-scripts: `prepare` would compile build/ again (it is there); --offline: no registry.
  const r = spawnSync(NPM, ["install", "-g", "--prefix", prefix, ROOT, "--offline", "--no-audit", "--no-fund", "--ignore-scripts"], { encoding: "utf8", timeout: 180_000 });
  if (r.status !== 0) throw new Error(`npm install -g failed (${r.status}): ${r.stderr}`);
  api = await startFakeApi({ quota: 1000 });
}, 300_000);

afterAll(async () => {
  await api?.close();
  if (prefix) fs.rmSync(prefix, { recursive: true, force: true });
});

/** Run `svc-excel` by name through the shell, on the prefix's PATH, from another folder: as cron and a terminal find it. Asynchronous: the fake API answers in this process. */
function installed(args: string[], env: Record<string, string | undefined> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const PATH = [path.join(prefix, "bin"), path.dirname(process.execPath), "/usr/bin", "/bin"].join(path.delimiter);
  const merged: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, NODE_PATH: undefined, ...env, PATH })) if (v !== undefined) merged[k] = v;
  return new Promise((resolve, reject) => {
    const child = spawn("sh", ["-c", 'svc-excel "$@"', "svc-excel", ...args], { cwd: os.tmpdir(), env: merged, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += String(d)));
    child.stderr.on("data", (d) => (stderr += String(d)));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Every sheet of `file` as LibreOffice shows it (CSV, one file per sheet), joined. */
function libreOfficeCsv(file: string, outDir: string): string {
  const found = spawnSync("sh", ["-c", "command -v soffice || command -v libreoffice"], { encoding: "utf8" }).stdout.trim();
  if (!found) throw new Error("LibreOffice (soffice) is not installed: apt-get install libreoffice-calc-nogui");
  const filter = "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1";
  spawnSync(found, [`-env:UserInstallation=file://${path.join(prefix, "lo-profile")}`, "--headless", "--convert-to", filter, "--outdir", outDir, file], { encoding: "utf8", timeout: 180_000 });
  const csvs = fs.existsSync(outDir) ? fs.readdirSync(outDir).filter((n) => n.endsWith(".csv")) : [];
  if (csvs.length === 0) throw new Error(`LibreOffice did not convert ${file}`);
  return csvs.map((n) => fs.readFileSync(path.join(outDir, n), "utf8")).join("\n");
}

describe("svc-excel on the PATH after npm install -g", () => {
  test("the bin is on the prefix's PATH and shows its help from another folder", async () => {
    expect(fs.existsSync(path.join(prefix, "bin", "svc-excel"))).toBe(true);
    const r = await installed(["--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^usage: svc-excel COMMAND/);
    expect(r.stdout).toMatch(/refresh/);
  });

  test("it evaluates a formula against an API (its dependencies resolve from the install)", async () => {
    const r = await installed(["eval", "--json", '=SVC.COMPANY("AAPL","name")'], { SVC_TOKEN: SANDBOX_API_KEY, SVC_BASE_URL: api.url, XDG_CONFIG_HOME: path.join(prefix, "config") });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).results[0].value).toBe("Apple Inc.");
  });

  test("the sample model: checked, refreshed with --frozen-copy; LibreOffice reads every figure of the copy, the model's spills recalculate", async () => {
    const dir = fs.mkdtempSync(path.join(prefix, "models-"));
    fs.copyFileSync(path.join(ROOT, "examples", "Coverage.xlsx"), path.join(dir, "Coverage.xlsx"));
    const env = { SVC_TOKEN: SANDBOX_API_KEY, SVC_BASE_URL: api.url, XDG_CONFIG_HOME: path.join(prefix, "config") };
    const model = path.join(dir, "Coverage.xlsx");
    const copy = path.join(dir, "Coverage-values.xlsx");
    const check = await installed(["check", model], env);
    expect(check.code).toBe(0);
    expect(check.stdout).toMatch(/a refresh now would cost \d+ calls\b.*; 0 problems/);
    const r = await installed(["refresh", model, "--frozen-copy", copy], env);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/spilled block|values-only copy/);
    const csv = (file: string) => libreOfficeCsv(file, path.join(dir, path.basename(file, ".xlsx")));
    const frozen = csv(copy);
    expect(frozen).not.toContain("#NAME?");
    expect(csv(model)).toContain("#NAME?");
    const peers = frozen.split("\n").filter((l) => /^"?[A-Z]{1,5}"?,/.test(l));
    expect(peers.length).toBeGreaterThan(2);
  }, 240_000);

  test("the packed tarball holds the bin, the shrinkwrap and the compiled CLI's rooms, not the sources nor the add-in's rooms", () => {
    const r = spawnSync(NPM, ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: ROOT, encoding: "utf8", timeout: 120_000 });
    expect(r.status).toBe(0);
    const files = (JSON.parse(r.stdout)[0].files as { path: string }[]).map((f) => f.path);
    expect(files).toEqual(expect.arrayContaining(["bin/svc-excel.js", "build/src/cli/main.js", "build/src/model-file/refresh.js", "package.json"]));
    expect(files.filter((f) => f.startsWith("src/") || f.startsWith("test/") || f.startsWith("build/test/"))).toEqual([]);
    expect(files).toContain("npm-shrinkwrap.json"); // the installed dependencies are the ones tested
    expect(files.filter((f) => /^build\/src\/(fake-office|workbench|office|host|taskpane|dialog|model-file\/create)\/|adapters\/browser/.test(f))).toEqual([]);
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
    expect(Object.keys(pkg.dependencies).filter((d) => d.startsWith("@types/"))).toEqual([]);
    expect(pkg.bin).toEqual({ "svc-excel": "bin/svc-excel.js" });
    expect(pkg.scripts.prepare).toMatch(/tsc -p tsconfig\.cli\.json/);
  });
});
