/**
 * One place makes terminal text safe, for every line the CLI prints: hostile API text in
 * table mode and in --json (C1 controls, bidi controls and U+2028/2029 escaped, losslessly), a bad
 * --file line on stderr, an authorization server's error text on stderr.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { jsonText, terminalBlock, terminalText } from "../../src/cli/terminal";
import { loginCommand } from "../../src/cli/login";
import { FakeApi, SANDBOX_API_KEY, startFakeApi } from "../fakes/api/server";
import { HOSTILE_TEXTS, TERMINAL_TEXTS } from "../fakes/api/hostile";
import { startFakeAuthOnly } from "../fakes/auth/fake-auth-server";
import { CliRunner, TERMINAL_UNSAFE, cliRunner } from "./run-cli";

let api: FakeApi;
let cli: CliRunner;
let work: string;

beforeAll(async () => {
  cli = cliRunner();
  work = fs.mkdtempSync(path.join(os.tmpdir(), "svc-term-"));
  api = await startFakeApi({ quota: 100_000, hostile: true });
}, 60_000);
afterAll(async () => {
  await api?.close();
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(cli.dir, { recursive: true, force: true });
});

const FORMULAS = ['SVC.HEADLINES("AAPL")', 'SVC.COMPANY("AAPL")', 'SVC.FILINGS("AAPL",,5)', "SVC.INSIDERFEED()", 'SVC.PEERS("AAPL")', 'SVC.SUMMARY("AAPL")'];
const evalArgs = (...rest: string[]) => ["eval", "--base-url", api.url, ...rest];
const env = { SVC_TOKEN: SANDBOX_API_KEY };

describe("the terminal module", () => {
  test("one line, a block, and JSON: controls replaced or escaped, JSON lossless", () => {
    for (const t of HOSTILE_TEXTS) {
      expect(terminalText(t)).not.toMatch(TERMINAL_UNSAFE);
      expect(terminalBlock(`${t}\nnext`)).not.toMatch(TERMINAL_UNSAFE);
      const j = jsonText({ t });
      expect(j).not.toMatch(TERMINAL_UNSAFE);
      expect(JSON.parse(j)).toEqual({ t });
    }
    expect(terminalBlock("a\r\nb\tc")).toBe("a\nb\tc");
  });
});

describe("svc-excel eval against the hostile API", () => {
  test("table mode: every line is terminal-safe and formula-like text is printed as text", async () => {
    const r = await cli.run(evalArgs(...FORMULAS), { env });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(TERMINAL_UNSAFE);
    expect(r.stderr).not.toMatch(TERMINAL_UNSAFE);
    expect(r.stdout).toContain("=WEBSERVICE(");
    expect(r.stdout).toContain("RED");
  });

  test("--json escapes C1, bidi and U+2028/2029, and gives every character back to a JSON reader", async () => {
    const r = await cli.run(evalArgs("--json", ...FORMULAS), { env });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(TERMINAL_UNSAFE);
    const doc = JSON.parse(r.stdout) as { results: Array<{ value: unknown; error: unknown }> };
    const all = JSON.stringify(doc.results.map((x) => x.value));
    for (const t of TERMINAL_TEXTS) expect(all).toContain(JSON.stringify(t).slice(1, -1));
  });

  test("a bad --file line with escape sequences is reported on stderr without them", async () => {
    const file = path.join(work, "bad.txt");
    fs.writeFileSync(file, '=SVC.NOPE("\u001b]0;owned\u0007\u202e")\n');
    const r = await cli.run(evalArgs("--file", file), { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/not an SVC function/);
    expect(r.stderr).not.toMatch(TERMINAL_UNSAFE);
  });
});

describe("svc-excel login", () => {
  test("an authorization server's error text reaches stderr without its control characters", async () => {
    const srv = await startFakeAuthOnly();
    try {
      const file = path.join(work, "login", "credentials.json");
      const out: string[] = [];
      const err: string[] = [];
      const done = loginCommand(["--no-browser", "--base-url", srv.url, "--credentials", file], { stdout: (s) => out.push(s), stderr: (s) => err.push(s) });
      while (out.length === 0) await new Promise((r) => setTimeout(r, 10));
      const authorize = new URL(out[0].trim());
      const redirect = authorize.searchParams.get("redirect_uri") as string;
      const q = new URLSearchParams({
        error: "server_error",
        error_description: "\u001b]0;pwned\u0007\u001b[2J\u009b31m\u202eevil",
        state: authorize.searchParams.get("state") as string,
        iss: srv.url,
      });
      await fetch(`${redirect}?${q}`);
      expect(await done).toBe(1);
      const text = err.join("");
      expect(text).toMatch(/server_error/);
      expect(text).not.toMatch(TERMINAL_UNSAFE);
    } finally {
      await srv.close();
    }
  });
});
