/**
 * Run the real `svc-excel` bin (a transpiled copy, test/cli/cli-build.ts) in a child process with a
 * chosen environment and standard input; stdout and stderr are captured as bytes/text.
 */
import { spawn } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { FakeApi, startFakeApi } from "../fakes/api/server";
import { buildCliCopy } from "./cli-build";

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliRunner {
  run(args: string[], opts?: { env?: Record<string, string | undefined>; stdin?: string; cwd?: string }): Promise<CliRun>;
  dir: string;
}

/** Characters that must never reach a terminal from outside text (C0 but \t \n, DEL, C1, bidi, separators). */
// eslint-disable-next-line no-control-regex
export const TERMINAL_UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

export function cliRunner(): CliRunner {
  const cli = buildCliCopy();
  return {
    dir: cli.dir,
    run(args, opts = {}) {
      return new Promise((resolve, reject) => {
        const env: Record<string, string> = {};
        for (const [k, v] of Object.entries({ ...process.env, ...cli.env, ...(opts.env ?? {}) })) if (v !== undefined) env[k] = v;
        const child = spawn(process.execPath, [cli.bin, ...args], { env, cwd: opts.cwd, stdio: ["pipe", "pipe", "pipe"] });
        let out = "";
        let err = "";
        child.stdout.on("data", (d) => (out += String(d)));
        child.stderr.on("data", (d) => (err += String(d)));
        child.on("error", reject);
        child.on("close", (code) => resolve({ code: code ?? -1, stdout: out, stderr: err }));
        child.stdin.end(opts.stdin ?? "");
      });
    },
  };
}

/** What a CLI suite shares: the fake API, the built bin and a scratch directory (set in beforeAll). */
export interface CliSuite {
  api: FakeApi;
  cli: CliRunner;
  work: string;
}

/** Register the hooks of a suite that runs the real bin against the fake API. */
export function cliSuite(prefix: string): CliSuite {
  const suite = {} as CliSuite;
  beforeAll(async () => {
    suite.cli = cliRunner();
    suite.work = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    suite.api = await startFakeApi({ quota: 100_000 });
  }, 60_000);
  afterAll(async () => {
    await suite.api?.close();
    if (suite.work) fs.rmSync(suite.work, { recursive: true, force: true });
    if (suite.cli) fs.rmSync(suite.cli.dir, { recursive: true, force: true });
  });
  return suite;
}
