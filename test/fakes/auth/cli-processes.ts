/**
 * Runs src/cli/login.ts in real separate node processes (for the cross-process refresh and the
 * login command's stdout contract) without a build: the sources are transpiled into a temporary
 * directory; oauth4webapi and proper-lockfile resolve through NODE_PATH.
 */
import { ChildProcess, spawn } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as ts from "typescript";

const ROOT = path.resolve(__dirname, "../../..");
/** Every source file (login.ts reaches auth, compose, adapters and more; a list of them went stale). */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(rel) : e.name.endsWith(".ts") && !e.name.endsWith(".d.ts") ? [rel] : [];
  });
}

export function transpileCliSources(): string {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "svc-cli-"));
  for (const rel of sourceFiles("src")) {
    const src = fs.readFileSync(path.join(ROOT, rel), "utf8");
    const js = ts.transpileModule(src, {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true, resolveJsonModule: true },
      fileName: rel,
    }).outputText;
    const dest = path.join(out, rel.replace(/\.ts$/, ".js"));
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    fs.writeFileSync(dest, js);
  }
  return out;
}

export interface NodeRun {
  child: ChildProcess;
  stdout: string;
  stderr: string;
  /** Resolves with the first stdout line. */
  firstLine: Promise<string>;
  exit: Promise<number>;
}

export function runNode(dir: string, code: string, env: Record<string, string> = {}): NodeRun {
  const child = spawn(process.execPath, ["-e", code], {
    cwd: dir,
    env: { ...process.env, NODE_PATH: path.join(ROOT, "node_modules"), SVC_CLI_DIR: dir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const run = { child, stdout: "", stderr: "" } as NodeRun;
  run.firstLine = new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (d) => {
      run.stdout += String(d);
      const nl = run.stdout.indexOf("\n");
      if (nl >= 0) resolve(run.stdout.slice(0, nl));
    });
    child.on("exit", () => reject(new Error(`exited before a line: ${run.stderr}`)));
  });
  run.firstLine.catch(() => undefined);
  child.stderr!.on("data", (d) => (run.stderr += String(d)));
  run.exit = new Promise<number>((resolve) => child.on("exit", (c) => resolve(c ?? -1)));
  return run;
}

/** Node code for: svc-excel login|logout <args> (exit code = the command's). */
export function cliCode(command: "loginCommand" | "logoutCommand", args: string[]): string {
  return `require(process.env.SVC_CLI_DIR + "/src/cli/login.js").${command}(${JSON.stringify(args)}).then((c) => process.exit(c), (e) => { console.error(e); process.exit(99); });`;
}

/** Node code for: get a token from the credentials file (as eval would) and print it as JSON. */
export function getTokenCode(baseUrl: string, file: string): string {
  return `require(process.env.SVC_CLI_DIR + "/src/cli/connection.js").credentialsFromFile({ baseUrl: ${JSON.stringify(baseUrl)}, file: ${JSON.stringify(file)} })
    .then((c) => c.getToken())
    .then((t) => { process.stdout.write(JSON.stringify({ token: t }) + "\\n"); }, (e) => { process.stdout.write(JSON.stringify({ error: e.kind || String(e) }) + "\\n"); process.exitCode = 1; });`;
}

/** Make the stored access token look expired (as an hour passing would). */
export function expireStoredToken(file: string, baseUrl: string): void {
  const data = JSON.parse(fs.readFileSync(file, "utf8"));
  data.tokens[baseUrl].expires_at = Date.now() - 1000;
  fs.writeFileSync(file, JSON.stringify(data));
}
