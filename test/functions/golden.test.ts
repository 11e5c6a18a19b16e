/**
 * Golden grids: every SVC function's spill under the unit convention, as a host with data types
 * receives it (formatted numbers: value + number format), against the deterministic fake API.
 * After an intended change: `UPDATE_GOLDEN=1 npx jest test/functions/golden` and review the diff.
 * Also checks the convention itself on every golden: no percent is left in percent.
 */
import * as fs from "fs";
import * as path from "path";
import { ApiClient, staticCredentials } from "../../src/api/client";
import { createEngine } from "../../src/engine";
import { CellRuntime, cellRuntime } from "../../src/functions/runtime";
import { callFunction } from "../../src/functions/call";
import { CELLS } from "../../src/functions/cells";
import { readCellError } from "./cell-failure";
import { FIELD_KINDS } from "../../src/shape/fields";
import { FakeApi, SANDBOX_API_KEY, startFakeApi } from "../fakes/api/server";

const PERCENT_FIELDS = Object.keys(FIELD_KINDS).filter((k) => FIELD_KINDS[k] === "percent");

/** What the cells run with: the engine of each test (no module holds it). */
let rt: CellRuntime;

const DIR = path.join(__dirname, "golden");

const CASES: Array<[string, string, unknown[]]> = [
  ["search", "SEARCH", ["apple", 3]],
  ["company-fields", "COMPANY", ["AAPL"]],
  ["company-one-field", "COMPANY", ["AAPL", "cik"]],
  ["financials-years", "FINANCIALS", ["AAPL", "revenue,gross_margin,eps_diluted,shares_diluted", 3, "headers=2"]],
  ["financials-quarters", "FINANCIALS", ["MSFT", "revenue,net_income", "FQ-3:FQ"]],
  ["financials-ltm", "FINANCIALS", ["AAPL", "revenue,operating_margin,effective_tax_rate,revenue_growth", "LTM-1:LTM", "headers=2"]],
  ["financials-source", "FINANCIALS", ["AAPL", "cash,total_debt", 2, "source=1"]],
  ["reported-as-filed", "REPORTED", ["AAPL", "income", "as_filed", null, "FY", 6, "headers=2"]],
  ["reported-segments", "REPORTED", ["AAPL", null, "segments", null, null, 4]],
  ["reported-changes", "REPORTED", ["AAPL", "income", "changes", null, null, 4]],
  ["filings", "FILINGS", ["AAPL", null, 4]],
  ["summary", "SUMMARY", ["AAPL"]],
  ["insiders", "INSIDERS", ["AAPL", 3]],
  ["insiderfeed", "INSIDERFEED", [30, false, null, false, 3]],
  ["insiderfeed-clusters", "INSIDERFEED", [90, null, null, true, 3]],
  ["congress", "CONGRESS", ["AAPL", 3]],
  ["congressfeed", "CONGRESSFEED", [365, null, null, null, null, 3]],
  ["headlines", "HEADLINES", ["AAPL", 3]],
  ["economy-snapshot", "ECONOMY", []],
  ["economy-history", "ECONOMY", ["UNRATE", "1Y"]],
  ["leadership", "LEADERSHIP", ["NVDA", 2]],
  ["holders", "HOLDERS", ["AAPL", 3]],
  ["investor-holdings", "INVESTOR", ["1500000", null, "holdings", 3]],
  ["investor-candidates", "INVESTOR", ["Capital", null, null, 3]],
  ["investor-changes", "INVESTOR", ["1500000", null, "changes", 3]],
  ["shortinterest", "SHORTINTEREST", ["AAPL", 3]],
  ["peers", "PEERS", ["AAPL"]],
  ["screen", "SCREEN", ["roic:15:,net_debt::0,piotroski_f:5:", null, true, 3]],
  ["periods", "PERIODS", ["AAPL", "FY-2:FY"]],
];

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
  rt = cellRuntime(createEngine({ client: new ApiClient({ baseUrl: api.url, credentials: staticCredentials(SANDBOX_API_KEY), timeoutMs: 5000 }), retryDelayMs: 10 }), { dataTypes: true });
});
afterAll(async () => {
  await api.close();
});

async function outcome(fn: string, args: unknown[]): Promise<unknown> {
  try {
    const g = await callFunction(rt, fn, args, { address: "Golden!A1" });
    // the fake's address changes per run: links are compared as {api}/...
    return JSON.parse(JSON.stringify(g.map((r) => r.map((c) => readCellError(c)?.code ?? c))).split(api.url).join("{api}"));
  } catch (e) {
    const c = readCellError(e);
    if (!c) throw e;
    return { error: c.code, message: c.message };
  }
}

describe("golden grids of every function", () => {
  it("covers every SVC function", () => {
    const covered = new Set(CASES.map(([, fn]) => fn));
    expect(Object.keys(CELLS).filter((f) => !covered.has(f))).toEqual([]);
  });

  it.each(CASES)("%s", async (name, fn, args) => {
    const got = await outcome(fn, args);
    expect(got).not.toHaveProperty("error");
    const file = path.join(DIR, `${name}.json`);
    // Written only when asked; a missing golden fails (a first run must not approve itself).
    if (process.env.UPDATE_GOLDEN === "1")
      fs.writeFileSync(file, JSON.stringify({ formula: `=SVC.${fn}(${args.map((a) => JSON.stringify(a)).join(",")})`, grid: got }, null, 1) + "\n");
    if (!fs.existsSync(file)) throw new Error(`${file} is missing; run UPDATE_GOLDEN=1 npx jest test/functions/golden and review it`);
    expect(got).toEqual(JSON.parse(fs.readFileSync(file, "utf8")).grid);

    // the convention: a percent field's cells are fractions shown as percents, never raw percent numbers
    const grid = got as unknown[][];
    const header = grid[0] ?? [];
    header.forEach((h, col) => {
      if (typeof h !== "string" || !PERCENT_FIELDS.includes(h)) return;
      for (const row of grid.slice(1)) {
        const c = row[col] as { numberFormat?: string } | string | null;
        if (c === null || c === "" || row[0] === "Notice:") continue;
        expect([h, typeof c === "object" ? c.numberFormat : c]).toEqual([h, "0.00%"]);
      }
    });
  });
});
