/**
 * LTM, native values and sources end to end (real functions, engine and REST client against the fake API): LTM from the
 * last four fiscal quarters, absolute windows, the real "available" range, SVC.PERIODS, per-value
 * sources for the pane, the COMPANY entity card, and typed values where the host has data types.
 */
import { parseDictionary } from "../../src/api/dictionary";
import { ApiClient, staticCredentials } from "../../src/api/client";
import { evalCommand } from "../../src/cli/eval";
import { createEngine } from "../../src/engine";
import { CellRuntime, cellRuntime } from "../../src/functions/runtime";
import { callFunction } from "../../src/functions/call";
import { SourceBook } from "../../src/functions/sources";
import { officeCellHost } from "../../src/office/cell-host";
import { readCellError } from "./cell-failure";
import { displayText } from "../../src/shape/display";
import {
  EntityValue,
  FormattedNumber,
  isTypedValue,
} from "../../src/shape/values";
import { FakeApi, SANDBOX_API_KEY, startFakeApi } from "../fakes/api/server";

const typedDisplay = (v: unknown): string | null => (isTypedValue(v) ? displayText(v) : null);

/** What the cells run with: the engine of each test and the book of their records (no module holds them). */
let rt: CellRuntime;
let book: SourceBook;
/** Run the next cells with data types forced on or off (null: the host decides) or with Office's cell host. */
const use = (o: Partial<CellRuntime>) => (rt = { ...rt, ...o });

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(async () => {
  await api.close();
});
beforeEach(() => {
  api.reset();
  book = new SourceBook();
  rt = cellRuntime(
    createEngine({
      client: new ApiClient({
        baseUrl: api.url,
        credentials: staticCredentials(SANDBOX_API_KEY),
        timeoutMs: 5000,
      }),
      retryDelayMs: 10,
    }),
    { sources: book },
  );
});

let n = 0;
async function grid(fn: string, ...args: unknown[]): Promise<unknown[][]> {
  return callFunction(rt, fn, args, { address: `Sheet1!A${++n}` });
}
async function failure(
  fn: string,
  ...args: unknown[]
): Promise<{ code: string; message: string }> {
  try {
    await grid(fn, ...args);
  } catch (e) {
    const c = readCellError(e);
    if (c) return c;
    throw e;
  }
  throw new Error("expected a failure");
}
const num = (v: unknown) =>
  isTypedValue(v) ? (v as FormattedNumber).basicValue : (v as number);
const close = (a: number, b: number) =>
  expect(Math.abs(a - b)).toBeLessThan(1e-6 * Math.max(1, Math.abs(b)));

/** Capture what `svc-excel eval --json` prints. */
async function svcEval(
  ...formulas: string[]
): Promise<Array<{ value: unknown; error: unknown }>> {
  let out = "";
  const spy = jest.spyOn(process.stdout, "write").mockImplementation(((
    chunk: string | Uint8Array,
    a?: unknown,
    b?: unknown,
  ) => {
    out += String(chunk);
    const done =
      typeof a === "function" ? a : typeof b === "function" ? b : null;
    if (done) (done as () => void)();
    return true;
  }) as typeof process.stdout.write);
  try {
    const code = await evalCommand(
      [
        "--json",
        "--base-url",
        api.url,
        "--token",
        SANDBOX_API_KEY,
        ...formulas,
      ],
      async () => {
        throw new Error("token given");
      },
    );
    expect([0, 1]).toContain(code); // 1: a formula ended in an error (its result is still printed)
  } finally {
    spy.mockRestore();
  }
  return JSON.parse(out).results;
}

describe("the API's dictionary through svc-excel eval", () => {
  it("a bank line the spec does not list computes: the CLI's runtime validates against its API's dictionary", async () => {
    const [r] = await svcEval('=SVC.FINANCIALS("JPM","net_interest_income","FY2023")');
    expect(r.error).toBeNull();
    expect(typeof r.value).toBe("number");
  });
});

describe("LTM through svc-excel eval", () => {
  it('=SVC.FINANCIALS("AAPL","revenue","LTM") equals the sum of the last four values of "FQ-3:FQ"', async () => {
    const [ltm, quarters] = await svcEval(
      '=SVC.FINANCIALS("AAPL","revenue","LTM")',
      '=SVC.FINANCIALS("AAPL","revenue","FQ-3:FQ")',
    );
    expect(ltm.error).toBeNull();
    const q = quarters.value as unknown[][];
    expect(q[0]).toHaveLength(5);
    close(
      ltm.value as number,
      (q[1].slice(1) as number[]).reduce((a, b) => a + b, 0),
    );
  });

  it('=SVC.FINANCIALS("AAPL","revenue","FY2007") gives a value', async () => {
    const [r] = await svcEval('=SVC.FINANCIALS("AAPL","revenue","FY2007")');
    expect(r.error).toBeNull();
    expect(typeof r.value).toBe("number");
  });
});

describe("the same checks through svc-excel eval", () => {
  it('=SVC.SCREEN("ROIC:15:") gives rows, ROIC as a fraction; "eps_dilutd" suggests eps_diluted first', async () => {
    const [screen, eps] = await svcEval(
      '=SVC.SCREEN("ROIC:15:")',
      '=SVC.FINANCIALS("AAPL","eps_dilutd")',
    );
    const g = screen.value as unknown[][];
    expect(g.length).toBeGreaterThan(1);
    const roic = g[0].indexOf("roic");
    expect(
      g
        .slice(1)
        .filter((r) => r[0] !== "Notice:")
        .every(
          (r) => typeof r[roic] === "number" && (r[roic] as number) >= 0.15,
        ),
    ).toBe(true);
    expect((eps.error as { message: string }).message).toMatch(/eps_diluted/);
  });
});

describe("LTM rules", () => {
  it("recomputes a ratio from its components, takes balance items from the latest quarter", async () => {
    const q = await grid(
      "FINANCIALS",
      "AAPL",
      "revenue,gross_profit,gross_margin",
      "FQ-3:FQ",
    );
    const ltm = await grid(
      "FINANCIALS",
      "AAPL",
      "revenue,gross_profit,gross_margin",
      "LTM",
    );
    expect(ltm[0]).toEqual(["metric", "LTM (computed)"]);
    const sum = (r: unknown[]) =>
      r
        .slice(1)
        .map(num)
        .reduce((a, b) => a + b, 0);
    close(num(ltm[1][1]), sum(q[1]));
    close(num(ltm[3][1]), sum(q[2]) / sum(q[1]));
    const cashQ = await grid("FINANCIALS", "AAPL", "cash", "FQ");
    const cashLtm = await grid("FINANCIALS", "AAPL", "cash", "LTM");
    expect(num(cashLtm[0][0])).toBe(num(cashQ[0][0]));
  });

  it("computes fcf_margin from free cash flow and revenue of two statements, and LTM-1 from the four quarters before", async () => {
    const g = await grid("FINANCIALS", "AAPL", "fcf_margin,fcf", "LTM-1:LTM");
    expect(g[0]).toEqual(["metric", "LTM-1 (computed)", "LTM (computed)"]);
    const q = await grid("FINANCIALS", "AAPL", "fcf", "FQ-7:FQ");
    const rev = await grid("FINANCIALS", "AAPL", "revenue", "FQ-7:FQ");
    const s = (r: unknown[], a: number, b: number) =>
      r
        .slice(1 + a, 1 + b)
        .map(num)
        .reduce((x, y) => x + y, 0);
    close(num(g[2][1]), s(q[1], 0, 4));
    close(num(g[1][2]), s(q[1], 4, 8) / s(rev[1], 4, 8));
  });

  it("labels LTM values as computed in their source", async () => {
    await grid("FINANCIALS", "AAPL", "revenue", "LTM");
    const src = book.sourceOf(`Sheet1!A${n}`)!;
    expect(src.provenance![0]).toMatchObject({
      computed: true,
      formula: expect.stringMatching(
        /^computed: sum of revenue over FQ\d \d{4} to FQ\d \d{4}$/,
      ),
    });
  });
});

describe("periods", () => {
  it("states the real range when a period has no figures", async () => {
    const e = await failure("FINANCIALS", "AAPL", "revenue", "FY2035");
    expect(e.code).toBe("#N/A");
    expect(e.message).toMatch(/available: FY2007 to FY20\d\d/);
  });

  it('reaches 20 fiscal years back: "FY2007:FY2010" and "2007Q1:2009Q2" give values', async () => {
    const years = await grid("FINANCIALS", "AAPL", "revenue", "FY2007:FY2010");
    expect(years[0]).toEqual([
      "metric",
      "FY2007",
      "FY2008",
      "FY2009",
      "FY2010",
    ]);
    const quarters = await grid(
      "FINANCIALS",
      "AAPL",
      "revenue",
      "2007Q1:2009Q2",
    );
    expect(quarters[0].slice(1)).toHaveLength(10);
    expect(quarters[0][1]).toBe("FQ1 2007");
  });

  it("labels quarters as fiscal quarters", async () => {
    const g = await grid("FINANCIALS", "AAPL", "revenue", "FQ-1:FQ");
    expect(g[0].slice(1).every((l) => /^FQ[1-4] \d{4}$/.test(String(l)))).toBe(
      true,
    );
  });

  it("SVC.PERIODS spills label, start, end and calendar quarter; AAPL's fiscal Q1 ends in December (CQ4)", async () => {
    use({ dataTypes: true });
    const g = await grid("PERIODS", "AAPL", "FQ-7:FQ");
    expect(g[0]).toEqual(["period", "start", "end", "calendar_quarter"]);
    expect(g).toHaveLength(9);
    for (const r of g.slice(1)) {
      expect(String(r[0])).toMatch(/^FQ[1-4] \d{4}$/);
      expect(typedDisplay(r[1])).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(num(r[2]) - num(r[1])).toBeGreaterThan(80);
      expect(num(r[2]) - num(r[1])).toBeLessThan(100);
      if (String(r[0]).startsWith("FQ1")) expect(String(r[3])).toMatch(/^CQ4 /);
    }
    // consecutive: each start is the day after the previous end
    for (let i = 2; i < g.length; i++)
      expect(num(g[i][1])).toBe(num(g[i - 1][2]) + 1);
  });
});

describe("Show source", () => {
  it("records each FINANCIALS value's concept, accession and filing link for the pane", async () => {
    const g = await grid("FINANCIALS", "AAPL", "revenue,net_income", 3);
    const address = `Sheet1!A${n}`;
    const src = book.sourceOf(address)!;
    expect(src).toMatchObject({
      fn: "FINANCIALS",
      tool: "get_financials",
      error: null,
      stale: false,
    });
    const v = book.valueSourceAt(address, 1, 1)!;
    expect(v).toMatchObject({
      metric: "revenue",
      period: g[0][1],
      value: num(g[1][1]),
      concept: "us-gaap:Revenues",
      computed: false,
    });
    expect(v.accession).toMatch(/^\d{10}-\d{2}-\d{6}$/);
    expect(v.filingUrl).toMatch(
      /^https:\/\/www\.sec\.gov\/Archives\/edgar\/data\/\d+\/\d{18}\//,
    );
  });

  it("spills source and accession rows under each metric with source=1", async () => {
    const g = await grid("FINANCIALS", "AAPL", "revenue", 2, "source=1");
    expect(g.map((r) => r[0])).toEqual([
      expect.any(String),
      expect.stringMatching(/^Revenue/),
      expect.stringMatching(/: source$/),
      expect.stringMatching(/: accession$/),
    ]);
    expect(g[2][1]).toBe("us-gaap:Revenues");
    expect(String(g[3][1])).toMatch(/^\d{10}-\d{2}-\d{6}$/);
    const one = await grid("FINANCIALS", "AAPL", "revenue", "FY", "source=1");
    expect(one[0]).toHaveLength(3);
  });

  it("records a failed cell's message for the pane", async () => {
    await failure("FINANCIALS", "AAPL", "revenue", "FY2035");
    expect(book.sourceOf(`Sheet1!A${n}`)?.error).toMatch(/available/);
  });
});

describe("Excel data types (host with CustomFunctionsRuntime 1.4: Windows 2208, Mac 16.64, Excel 2021)", () => {
  it("returns formatted numbers whose value is the plain number", async () => {
    const plain = await grid("FINANCIALS", "AAPL", "revenue,gross_margin", 2);
    use({ dataTypes: true });
    const typed = await grid("FINANCIALS", "AAPL", "revenue,gross_margin", 2);
    expect(typed[1][1]).toEqual({
      type: "Double",
      basicValue: plain[1][1],
      numberFormat: "#,##0.0",
    });
    expect(typed[2][1]).toEqual({
      type: "Double",
      basicValue: plain[2][1],
      numberFormat: "0.00%",
    });
  });

  it("asks the host at run time (Office.context.requirements) when not forced", async () => {
    const g = globalThis as { Office?: unknown };
    const runtime = (max: number) => ({ context: { requirements: { isSetSupported: (name: string, v: string) => name === "CustomFunctionsRuntime" && Number(v) <= max } } });
    use({ host: officeCellHost });
    try {
      g.Office = runtime(1.5);
      const typed = await grid("FILINGS", "AAPL", null, 1);
      expect(isTypedValue(typed[1][1])).toBe(true);
      // 1.4 has formatted numbers and entities (1.5 adds linked entities): dates show as dates there too
      g.Office = runtime(1.4);
      expect(isTypedValue((await grid("FILINGS", "AAPL", null, 1))[1][1])).toBe(true);
      g.Office = runtime(1.3);
      const plain = await grid("FILINGS", "AAPL", null, 1);
      expect(typeof plain[1][1]).toBe("number");
    } finally {
      delete g.Office;
    }
  });

  it("makes SVC.COMPANY an entity card with dot-access properties, the check link and the provider", async () => {
    use({ dataTypes: true });
    const g = await grid("COMPANY", "AAPL");
    expect(g).toHaveLength(1);
    const card = g[0][0] as EntityValue;
    expect(card.type).toBe("Entity");
    expect(card.text).toMatch(/AAPL/);
    expect(card.properties.ticker).toEqual({
      type: "String",
      basicValue: "AAPL",
    });
    expect(card.properties.cik).toBeDefined();
    expect(
      (card.properties.check_link as { basicValue: string }).basicValue,
    ).toMatch(/^https?:\/\//);
    expect(card.provider?.description).toMatch(/SVC/);
    for (const k of Object.keys(card.properties))
      expect(k).toMatch(/^[a-z0-9_]+$/);
    // another SVC function takes the card as its ticker
    const filings = await grid("FILINGS", card, "10-K", 2);
    expect(filings[1][0]).toBe("10-K");
  });

  it("spills the profile as today where the host has no data types", async () => {
    use({ dataTypes: false });
    const g = await grid("COMPANY", "AAPL");
    expect(g[0]).toEqual(["field", "value"]);
    expect(g.length).toBeGreaterThan(3);
  });
});

describe("screen units from the API dictionary", () => {
  it("converts a percent metric when the answer states no units but the dictionary does", async () => {
    const dictionary = parseDictionary({ screen_metrics: [{ id: "roic", unit: "percent" }] });
    use({
      dictionary: () => dictionary,
      engine: {
        request: async () => ({
          data: {
            filters: [{ metric: "roic" }],
            companies: [{ ticker: "A", metrics: { roic: 12.5 } }],
          },
          link: "",
          text: "",
          stale: false,
          fetchedAt: 1,
        }),
        stats: () => ({
          calls: 0,
          cache_hits: 0,
          coalesced: 0,
          retries: 0,
          quota_remaining: null,
        }),
        clearCache: async () => undefined,
      },
    });
    const g = await grid("SCREEN", "roic:10:");
    expect(g[1][4]).toBe(0.125);
  });
});

describe("what each cell last received", () => {
  it("records the arguments as Excel passed them, options included, and the result's size", async () => {
    const g = await grid(
      "FINANCIALS",
      "AAPL",
      [["revenue", "net_income"]],
      3,
      "headers=1",
    );
    const src = book.sourceOf(`Sheet1!A${n}`);
    expect(src?.args).toEqual([
      "AAPL",
      [["revenue", "net_income"]],
      3,
      "headers=1",
    ]);
    expect([src?.rows, src?.cols]).toEqual([g.length, g[0].length]);
    await grid("PEERS", "MSFT");
    expect(book.sourceOf(`Sheet1!A${n}`)?.args).toEqual(["MSFT", null]);
  });
  it("records them for a cell that failed before any call, without a size", async () => {
    await failure("FINANCIALS", "AAPL", "revenue", "FY-99");
    const src = book.sourceOf(`Sheet1!A${n}`);
    expect(src?.args).toEqual(["AAPL", "revenue", "FY-99", null]);
    expect(src?.rows).toBeUndefined();
  });
  it("keys a cell by one spelling of its address, whatever the host passed", async () => {
    await callFunction(rt, "PEERS", ["KO"], { address: "'Peer set'!$B$2" });
    expect(book.sourceOf("'Peer set'!B2")?.args).toEqual(["KO", null]);
  });
});
