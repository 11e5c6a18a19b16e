/**
 * `svc-excel eval` as a user runs it: the real bin in a child process, through a pipe, against the
 * fake API. Output is complete whatever stdout is, API text cannot drive the terminal, and every
 * result carries its link and required notices.
 */
import { spawn } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { FakeApi, SANDBOX_API_KEY, startFakeApi } from "../fakes/api/server";
import { loadSpec } from "../spec/spec";
import { buildCliCopy } from "./cli-build";

let api: FakeApi;
let cli: ReturnType<typeof buildCliCopy>;
let work: string;

// Crafted API text: colour, a window-title OSC ending in BEL, a bidi override, a C1 CSI, a NUL.
const EVIL_TITLE = "\u001b[31mRED\u001b[0m headline \u001b]0;pwned\u0007 \u202egnp.exe\u202c \u009b2J end\u0000";
const EVIL_ATTRIBUTION = { name: "Index\u001b[2J", url: "https://news.example/\u001b[5m" };

beforeAll(async () => {
  cli = buildCliCopy();
  work = fs.mkdtempSync(path.join(os.tmpdir(), "svc-eval-out-"));
  api = await startFakeApi({
    quota: 100_000,
    routes: (req, res, url) => {
      if (url.pathname !== "/api/public/v1/get_headlines" || url.searchParams.get("ticker") !== "EVIL") return false;
      const body = JSON.stringify({
        text: `EVIL headlines\n${EVIL_TITLE}\nMore: ${api.url}/company/EVIL/news`,
        data: { ticker: "EVIL", headlines: [{ title: EVIL_TITLE, url: "https://news.example/a", source: "news.example\u001b[1m", published: "2026-10-30T08:00:00+00:00" }], attribution: EVIL_ATTRIBUTION },
        link: `${api.url}/company/EVIL/news\u001b[8m`,
      });
      res.writeHead(200, { "Content-Type": "application/json", "X-Quota-Remaining": "999" });
      res.end(body);
      return true;
    },
  });
}, 60_000);

afterAll(async () => {
  await api?.close();
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(cli.dir, { recursive: true, force: true });
});

/** Run `svc-excel eval ARGS` with stdout through `| cat` (a real pipe to another process). */
function runThroughPipe(args: string[], redirect = "| cat"): Promise<{ code: number; stdout: Buffer; stderr: string }> {
  const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const cmd = `${q(process.execPath)} ${q(cli.bin)} eval --base-url ${q(api.url)} ${args.map(q).join(" ")} ${redirect}; exit \${PIPESTATUS[0]}`;
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-c", cmd], { env: { ...process.env, ...cli.env, SVC_TOKEN: SANDBOX_API_KEY }, stdio: ["ignore", "pipe", "pipe"] });
    const out: Buffer[] = [];
    let err = "";
    child.stdout.on("data", (d: Buffer) => out.push(d));
    child.stderr.on("data", (d) => (err += String(d)));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, stdout: Buffer.concat(out), stderr: err }));
  });
}

describe("svc-excel eval output", () => {
  test("--json through a pipe is complete for a >1 MB answer (and identical when written to a file)", async () => {
    const spec = loadSpec();
    const tickers = ["AAPL", "MSFT", "NVDA", "JPM", "BRK-B", "XOM", "KO", "ACMR", "BLFN", "CRSW", "DLTA", "EVRG", "FZDR", "GRNB", "HLXB", "IRNW", "JNPP", "KSTL", "LMNR", "MRDN", "NTHB", "OCNV", "PTRX", "QNTM", "RDGE", "SLTR", "TRVL", "UPLK", "VRDN", "WSTR", "XPLR", "ZNTH"];
    const formulas = spec.statements.flatMap((st) => tickers.map((t) => `SVC.FINANCIALS("${t}","${spec.financialMetrics[st].join(",")}","FQ-79:FQ")`));
    const file = path.join(work, "big.txt");
    fs.writeFileSync(file, formulas.join("\n") + "\n");

    const piped = await runThroughPipe(["--json", "--file", file]);
    expect(piped.stderr).toBe("");
    expect(piped.code).toBe(0);
    expect(piped.stdout.length).toBeGreaterThan(1_000_000);
    const doc = JSON.parse(piped.stdout.toString("utf8"));
    expect(doc.results).toHaveLength(formulas.length);
    expect(doc.results.filter((r: { error: unknown }) => r.error !== null)).toEqual([]);
    expect(doc.stats.calls).toBeGreaterThan(0);

    const outFile = path.join(work, "out.json");
    const toFile = await runThroughPipe(["--json", "--file", file], `> ${outFile}`);
    expect(toFile.code).toBe(0);
    const fromFile = JSON.parse(fs.readFileSync(outFile, "utf8"));
    expect(fromFile.results).toEqual(doc.results);
  }, 120_000);

  test("each --json result carries link and notices, also with headers=0; a failed one has null and []", async () => {
    const r = await runThroughPipe(["--json", 'SVC.HEADLINES("AAPL",3,"headers=0")', 'SVC.ECONOMY("UNRATE","1Y","headers=0")', 'SVC.FINANCIALS("AAPL","revenue",1)', 'SVC.COMPANY("ZZZZ")']);
    expect(r.code).toBe(0);
    const [headlines, economy, fin, missing] = JSON.parse(r.stdout.toString("utf8")).results;
    expect(headlines.link).toBe(`${api.url}/company/AAPL/news`);
    expect(headlines.notices).toEqual([expect.stringMatching(/Headlines from/)]);
    expect(JSON.stringify(headlines.value)).not.toMatch(/Notice/); // headers=0 drops the rows, not the notices
    expect(economy.notices.join(" ")).toMatch(/FRED/);
    expect(fin.link).toMatch(/\/company\/AAPL\/financials/);
    expect(fin.notices).toEqual([]);
    expect(missing.error.code).toBe("#N/A");
    expect([missing.link, missing.notices]).toEqual([null, []]);
  }, 60_000);

  test("table mode replaces control characters in API text and prints link and notices under the table", async () => {
    const r = await runThroughPipe(['SVC.HEADLINES("EVIL")', 'SVC.FINANCIALS("AAPL","revenue",1)']);
    expect(r.code).toBe(0);
    const text = r.stdout.toString("utf8");
    // eslint-disable-next-line no-control-regex
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(text).toContain("RED");
    expect(text).toMatch(/\n {2}Notice: .*Index/);
    expect(text).toMatch(/\n {2}Source: .*\/company\/EVIL\/news/);
    expect(text).toMatch(/SVC\.FINANCIALS\("AAPL","revenue",1\)\n +\d+\n {2}Source: .*\/company\/AAPL\/financials/);
  }, 60_000);

  test("a usage error exits 2 with nothing on stdout", async () => {
    const r = await runThroughPipe([]);
    expect(r.code).toBe(2);
    expect(r.stdout.length).toBe(0);
    expect(r.stderr).toMatch(/no formula given/);
  }, 60_000);
});
