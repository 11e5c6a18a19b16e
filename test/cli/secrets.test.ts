/**
 * Secrets off the command line: a credential on the command line is visible to every
 * user of the machine (`ps`, /proc/PID/cmdline) and lands in shell history. SVC_TOKEN, --token-file
 * PATH and --token - (standard input) keep it off; a literal --token still works but warns on stderr;
 * the README's examples never show a literal.
 */
import * as fs from "fs";
import * as path from "path";
import { SANDBOX_API_KEY } from "../fakes/api/server";
import { cliSuite } from "./run-cli";

const t = cliSuite("svc-secrets-");

const FORMULA = 'SVC.COMPANY("AAPL","name")';
const noToken = { SVC_TOKEN: undefined, SVC_CREDENTIALS: "/nonexistent/credentials.json" };
const WARNING = /visible to other users of this machine/;

async function evalWith(args: string[], opts: { env?: Record<string, string | undefined>; stdin?: string } = {}) {
  const r = await t.cli.run(["eval", "--json", "--base-url", t.api.url, ...args, FORMULA], { env: { ...noToken, ...opts.env }, stdin: opts.stdin });
  const doc = r.code === 0 ? (JSON.parse(r.stdout) as { results: Array<{ value: unknown; error: unknown }> }) : null;
  return { ...r, value: doc?.results[0].value, error: doc?.results[0].error };
}

describe("where svc-excel eval takes a credential from", () => {
  test("SVC_TOKEN: no warning", async () => {
    const r = await evalWith([], { env: { SVC_TOKEN: SANDBOX_API_KEY } });
    expect([r.code, r.error, r.stderr]).toEqual([0, null, ""]);
    expect(typeof r.value).toBe("string");
  });

  test("--token-file PATH: no warning", async () => {
    const file = path.join(t.work, "token");
    fs.writeFileSync(file, `${SANDBOX_API_KEY}\n`, { mode: 0o600 });
    const r = await evalWith(["--token-file", file]);
    expect([r.code, r.error, r.stderr]).toEqual([0, null, ""]);
  });

  test("--token - reads standard input: no warning", async () => {
    const r = await evalWith(["--token", "-"], { stdin: `${SANDBOX_API_KEY}\n` });
    expect([r.code, r.error, r.stderr]).toEqual([0, null, ""]);
  });

  test("a literal --token works but warns on stderr (and names the safe ways)", async () => {
    const r = await evalWith(["--token", SANDBOX_API_KEY]);
    expect([r.code, r.error]).toEqual([0, null]);
    expect(r.stderr).toMatch(WARNING);
    expect(r.stderr).toMatch(/SVC_TOKEN/);
    expect(r.stderr).toMatch(/--token-file/);
    expect(r.stderr).not.toContain(SANDBOX_API_KEY);
  });

  test("a missing --token-file or an empty standard input is a usage error naming it (exit 2, nothing sent)", async () => {
    const before = t.api.calls();
    const missing = await evalWith(["--token-file", path.join(t.work, "nope")]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--token-file .*nope/);
    const empty = await evalWith(["--token", "-"], { stdin: "" });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/standard input/);
    expect(t.api.calls()).toBe(before);
  });
});

describe("the README", () => {
  test("no example passes a credential on the command line", () => {
    const readme = fs.readFileSync(path.join(__dirname, "..", "..", "README.md"), "utf8");
    // Every --token shown with a value is `--token -` or `--token-file PATH`.
    const shown = [...readme.matchAll(/--token(-file)?[ =](\S+)/g)].map((m) => m[0]);
    for (const s of shown) expect(s).toMatch(/^--token-file |^--token -(\s|`|$)/);
    expect(readme).toMatch(/SVC_TOKEN/);
  });
});
