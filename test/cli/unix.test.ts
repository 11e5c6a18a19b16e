/**
 * `svc-excel` as a Unix tool and its readable tables. The real bin in a child
 * process against the fake API:
 *  - `--help` on every command (options and two examples), exit 0; unknown commands and functions
 *    get "did you mean", exit 2;
 *  - exit 1 when any formula ended in an error, 3 when not signed in (naming the command that fixes
 *    it), errors on stderr, and `--json` still prints every result;
 *  - the table shows what Excel shows with data types on (thousands separators, percents, dates,
 *    identifiers as written), notices after the table once, URLs whole; `--json` keeps Excel's values
 *    (serials, fractions) and has notices only in `notices`.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { argHelp, functionHelp } from "../../src/api/arguments";
import { FakeApi, SANDBOX_API_KEY, startFakeApi } from "../fakes/api/server";
import { CliRun, CliRunner, cliRunner } from "./run-cli";

let api: FakeApi;
let cli: CliRunner;
let home: string;

beforeAll(async () => {
  cli = cliRunner();
  home = fs.mkdtempSync(path.join(os.tmpdir(), "svc-unix-"));
  api = await startFakeApi({ quota: 100_000 });
}, 60_000);

afterAll(async () => {
  await api?.close();
  fs.rmSync(home, { recursive: true, force: true });
  fs.rmSync(cli.dir, { recursive: true, force: true });
});

/** `svc-excel ARGS` with no stored sign-in (an empty config directory) and no SVC_TOKEN. */
function run(args: string[]): Promise<CliRun> {
  return cli.run(args, { env: { XDG_CONFIG_HOME: home, SVC_BASE_URL: api.url, SVC_TOKEN: undefined, SVC_CREDENTIALS: undefined } });
}

const signedIn = (...args: string[]) => run(["eval", "--token", SANDBOX_API_KEY, ...args]);

describe("help", () => {
  it.each(["eval", "login", "logout"])("svc-excel %s --help lists the options and two examples, exit 0", async (cmd) => {
    const r = await run([cmd, "--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^usage: svc-excel ${cmd}`));
    expect(r.stdout).toMatch(/\nOptions:\n/);
    expect(r.stdout).toMatch(/--base-url URL/);
    const examples = r.stdout.split("\nExamples:\n")[1] ?? "";
    expect(examples.split("\n").filter((l) => l.trim().startsWith(`svc-excel ${cmd}`)).length).toBeGreaterThanOrEqual(2);
    expect(r.stderr).toBe("");
  });

  it("svc-excel help --help lists its usage and two examples, exit 0", async () => {
    const r = await run(["help", "--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^usage: svc-excel help \[FUNCTION \| COMMAND\]/);
    const examples = r.stdout.split("\nExamples:\n")[1] ?? "";
    expect(examples.split("\n").filter((l) => l.trim().startsWith("svc-excel help")).length).toBeGreaterThanOrEqual(2);
  });

  it("svc-excel help FUNCTION prints the function's arguments, the help Excel shows (src/api/arguments.ts)", async () => {
    const r = await run(["help", "svc.financials"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(functionHelp("FINANCIALS"));
    expect(r.stdout).toMatch(/^SVC\.FINANCIALS\(ticker, \[metrics\], \[period\], \[options\]\)\n/);
    expect(r.stdout).toContain(argHelp("FINANCIALS", "period"));
    expect(r.stderr).toBe("");
  });

  it("svc-excel help COMMAND prints the command's --help; a mistyped name gets did you mean, exit 2", async () => {
    const r = await run(["help", "eval"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^usage: svc-excel eval/);
    const typo = await run(["help", "FINANCIAL"]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/did you mean SVC\.FINANCIALS\?/);
    expect(typo.stdout).toBe("");
  });

  it("svc-excel --help names every command and the exit codes", async () => {
    const r = await run(["--help"]);
    expect(r.code).toBe(0);
    for (const cmd of ["eval", "login", "logout", "help"]) expect(r.stdout).toMatch(new RegExp(`\\n  ${cmd} `));
    expect(r.stdout).toMatch(/Exit status:[\s\S]*\b3\b.*not signed in/);
  });

  it("an unknown command gets did you mean, exit 2", async () => {
    const r = await run(["evl", "=SVC.PEERS(\"KO\")"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/did you mean eval\?/);
    expect(r.stdout).toBe("");
  });

  it("an unknown function gets did you mean, exit 2, nothing on stdout", async () => {
    const r = await signedIn('=SVC.FINANCIAL("AAPL","revenue")');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/did you mean SVC\.FINANCIALS\?/);
    expect(r.stdout).toBe("");
  });
});

describe("exit status", () => {
  it("is 1 when any formula ended in an error; --json still prints every result", async () => {
    const r = await signedIn("--json", '=SVC.FILINGS("APPL")', '=SVC.COMPANY("AAPL","name")');
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout);
    expect(doc.results).toHaveLength(2);
    expect(doc.results[0].error.code).toBe("#N/A");
    expect(doc.results[1].value).toMatch(/Apple/);
    expect(r.stderr).toMatch(/1 of 2 formulas ended in an error/);
    expect(r.stderr).toMatch(/SVC\.FILINGS\("APPL"\)/);
  });

  it("is 0 when every formula gave a value", async () => {
    expect((await signedIn('=SVC.COMPANY("AAPL","name")')).code).toBe(0);
  });

  it("is 3 when nobody is signed in, naming the command that fixes it; --json still prints the results", async () => {
    const r = await run(["eval", "--json", '=SVC.COMPANY("AAPL","name")']);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/not signed in/i);
    expect(r.stderr).toMatch(/svc-excel login/);
    const doc = JSON.parse(r.stdout);
    expect(doc.results[0].error.message).toMatch(/svc-excel login/);
    expect(doc.results[0].error.message).not.toMatch(/SVC pane/);
  });
});

describe("readable tables, Excel values in --json", () => {
  it("formats money, percents, dates and identifiers as Excel shows them with data types", async () => {
    const r = await signedIn('=SVC.FINANCIALS("AAPL","revenue,gross_margin",3)', '=SVC.FILINGS("AAPL","10-K",2)', '=SVC.COMPANY("AAPL","cik")');
    expect(r.code).toBe(0);
    const [fin, filings, cik] = r.stdout.split(/\n\n(?==SVC)/);
    expect(fin).toMatch(/Revenue \(USD m\) +\d{1,3}(,\d{3})+\.\d/);
    expect(fin).toMatch(/Gross margin \(ratio\) +\d+\.\d\d%/);
    expect(filings).toMatch(/10-K +\d{4}-\d{2}-\d{2} +\d{4}-\d{2}-\d{2}/);
    expect(filings).not.toMatch(/^ +10-K +\d{5}/m); // no date serials
    expect(cik).toMatch(/\n {2}\d{5,}\n/); // CIK as written: no thousands separator
    const json = JSON.parse((await signedIn("--json", '=SVC.FILINGS("AAPL","10-K",2)', '=SVC.FINANCIALS("AAPL","gross_margin","FY")')).stdout);
    const rows = json.results[0].value as unknown[][];
    expect(typeof rows[1][1]).toBe("number"); // filing_date: the Excel serial
    expect(json.results[1].value).toBeLessThan(1); // a fraction
  });

  it("prints URLs whole and each notice once, after the table; --json keeps notices out of the value", async () => {
    const r = await signedIn('=SVC.FILINGS("AAPL",,3)', '=SVC.HEADLINES("AAPL",2)');
    const json = JSON.parse((await signedIn("--json", '=SVC.FILINGS("AAPL",,3)', '=SVC.HEADLINES("AAPL",2)')).stdout);
    const urls = (json.results[0].value as string[][]).slice(1).map((row) => row[5]);
    for (const u of urls) expect(r.stdout).toContain(u);
    const [notice] = json.results[1].notices as string[];
    expect(r.stdout.split(notice).length - 1).toBe(1);
    expect(r.stdout).toMatch(new RegExp(`\\n {2}Notice: ${notice.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    expect(JSON.stringify(json.results[1].value)).not.toMatch(/Notice:/);
  });
});
