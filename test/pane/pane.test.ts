/** @jest-environment jsdom */
import { mountPane } from "../../src/taskpane/pane";
import { locate } from "../../src/taskpane/pane/data";
import { buttonByText, deps, newRoot, sectionOf, settle, source, stubSources, stubWorkbook } from "./stubs";
import { fakeBook } from "../formula/fake-cells";
import { readerOf } from "../formula/fake-reader";

const XSS = "<img src=x onerror=alert(1)>";

afterEach(() => {
  document.body.textContent = "";
});

describe("the pane's untrusted text", () => {
  it("renders API text containing markup as text, creating no element", async () => {
    const d = deps();
    d.engine.answer = async () => ({
      data: {
        trades: [{ filed_date: "2025-01-02", ticker: "ACME", company: XSS, owner: XSS, source_url: "https://www.sec.gov/x" }],
      },
      link: "https://example.test/check",
      text: "",
      stale: false,
      fetchedAt: 0,
    });
    const root = newRoot();
    mountPane(root, d);
    const feeds = sectionOf(root, "svc-feeds");
    buttonByText(feeds, "Show insider feed").click();
    await settle();
    expect(root.querySelector("img")).toBeNull();
    expect(Array.from(feeds.querySelectorAll("td")).some((td) => td.textContent === XSS)).toBe(true);
  });

});

describe("the pane's links", () => {
  it("does not open a javascript: URL from an answer", async () => {
    const d = deps();
    d.engine.answer = async () => ({
      data: { trades: [{ ticker: "ACME", source_url: "javascript:alert(1)" }] },
      link: "javascript:alert(2)",
      text: "",
      stale: false,
      fetchedAt: 0,
    });
    const root = newRoot();
    mountPane(root, d);
    const feeds = sectionOf(root, "svc-feeds");
    buttonByText(feeds, "Show insider feed").click();
    await settle();
    expect(feeds.querySelectorAll("a")).toHaveLength(0);
    for (const span of Array.from(feeds.querySelectorAll<HTMLElement>(".svc-link-refused"))) span.click();
    expect(d.openLink).not.toHaveBeenCalled();
  });

  it("opens an https source link through openLink", async () => {
    const d = deps();
    d.engine.answer = async () => ({
      data: { trades: [{ ticker: "ACME", source_url: "https://www.sec.gov/filing" }] },
      link: "",
      text: "",
      stale: false,
      fetchedAt: 0,
    });
    const root = newRoot();
    mountPane(root, d);
    const feeds = sectionOf(root, "svc-feeds");
    buttonByText(feeds, "Show insider feed").click();
    await settle();
    feeds.querySelector<HTMLAnchorElement>("td a")!.click();
    expect(d.openLink).toHaveBeenCalledWith("https://www.sec.gov/filing");
  });
});

describe("the Data tab's results", () => {
  it("lists every result with its function, tool, freshness and error", () => {
    const d = deps({
      sources: stubSources([
        source("Sheet1!A1", { fetchedAt: Date.now() - 5 * 60_000 }),
        source("Sheet1!A20", { stale: true, fetchedAt: Date.now() - 3 * 3600_000 }),
        { ...source("Sheet2!B3", { fn: "ECONOMY", tool: "get_economy", link: "" }), error: "Daily quota used up; resets 00:00 UTC" } as never,
      ]),
    });
    const root = newRoot();
    mountPane(root, d);
    const rows = Array.from(sectionOf(root, "svc-data").querySelectorAll<HTMLElement>(".svc-result-row"));
    expect(rows.map((r) => r.dataset.address)).toEqual(["Sheet1!A1", "Sheet1!A20", "Sheet2!B3"]);
    expect(rows[0].querySelector(".svc-badge")!.textContent).toBe("fresh");
    expect(rows[0].querySelector(".svc-age")!.textContent).toBe("fetched 5 min ago");
    expect(rows[1].querySelector(".svc-badge")!.textContent).toBe("stale");
    expect(rows[2].querySelector(".svc-error")!.textContent).toMatch(/quota/);
    expect(rows[0].querySelector(".svc-tool")!.textContent).toBe("get_headlines");
  });

  it("renders notice URLs as links named by what they cite, and only http(s)", () => {
    const notice = "Headlines from Example News (https://news.example.test/about) — javascript:alert(1)";
    const d = deps({ sources: stubSources([source("Sheet1!A1", { notices: [notice] })]) });
    const root = newRoot();
    mountPane(root, d);
    const links = Array.from(sectionOf(root, "svc-data").querySelectorAll<HTMLAnchorElement>(".svc-notice a"));
    expect(links.map((a) => a.textContent)).toEqual(["news.example.test/about"]);
    links[0].click();
    expect(d.openLink).toHaveBeenCalledWith("https://news.example.test/about");
  });

  it("names the check link by what it cites and opens it through openLink", () => {
    const d = deps({ sources: stubSources([source("Sheet1!A1", { link: "https://example.test/figures/AAPL" })]) });
    const root = newRoot();
    mountPane(root, d);
    const a = sectionOf(root, "svc-data").querySelector<HTMLAnchorElement>(".svc-check a")!;
    expect(a.textContent).toBe("Check SVC.HEADLINES figures at example.test/figures/AAPL");
    a.click();
    expect(d.openLink).toHaveBeenCalledWith("https://example.test/figures/AAPL");
  });

  it("renders notice text containing markup as text", () => {
    const d = deps({ sources: stubSources([source("Sheet1!A1", { notices: [XSS] })]) });
    const root = newRoot();
    mountPane(root, d);
    expect(root.querySelector("img")).toBeNull();
    expect(sectionOf(root, "svc-data").querySelector(".svc-notice")!.textContent).toBe(XSS);
  });

  it("selects the cell when its address is clicked", async () => {
    const wb = stubWorkbook([]);
    const d = deps({ workbook: wb, sources: stubSources([source("Sheet1!C3")]) });
    const root = newRoot();
    mountPane(root, d);
    await settle();
    sectionOf(root, "svc-data").querySelector<HTMLAnchorElement>(".svc-cell-link")!.click();
    await settle();
    expect(wb.selectCell).toHaveBeenCalledWith("Sheet1!C3");
  });

  it("prices rows whose arguments are in cells, and marks arguments Excel recalculates on every edit", async () => {
    const book = fakeBook(["Sheet1"]);
    book.set("Sheet1!A1", "KO");
    const wb = { ...stubWorkbook([
      { address: "Sheet1!C3", formula: "=SVC.PEERS(A1)" },
      { address: "Sheet1!C9", formula: '=SVC.PEERS(IF(NOW()>0,"KO"))' },
    ]), cellReader: () => readerOf(book) };
    const d = deps({ workbook: wb, sources: stubSources([source("Sheet1!C3", { fn: "PEERS" }), source("Sheet1!C9", { fn: "PEERS" })]), requestsFor: (_f, a) => [{ tool: "get_peers", params: { ticker: a[0] } }] });
    (d.engine.plan as jest.Mock).mockImplementation(async (r: unknown[]) => ({ calls: r.length, requests: r.length, cached: 0, invalid: [] }));
    const root = newRoot();
    mountPane(root, d);
    await settle();
    const rows = Array.from(sectionOf(root, "svc-data").querySelectorAll<HTMLElement>(".svc-result-row"));
    expect(rows.map((r) => r.querySelector<HTMLElement>(".svc-cost")?.dataset.cost)).toEqual(["1", "1"]);
    expect(rows[0].querySelector("[data-field=volatile]")).toBeNull();
    expect(rows[1].querySelector("[data-field=volatile]")!.textContent).toMatch(/^NOW in its arguments: .*costs no call while the cache holds its answer.*put the date in an input cell/);
  });

  it("shows the source of any cell inside a spill and marks its result in the list", async () => {
    const wb = { ...stubWorkbook([]), activeCell: jest.fn(async () => "Sheet1!D7"), spillParent: jest.fn(async () => "Sheet1!C3") };
    const d = deps({ workbook: wb, sources: stubSources([source("Sheet1!A1"), source("Sheet1!C3", { fn: "FILINGS", tool: "list_filings" })]) });
    const root = newRoot();
    mountPane(root, d);
    await settle();
    const data = sectionOf(root, "svc-data");
    buttonByText(data, "Show source of the selected cell").click();
    await settle();
    expect(wb.spillParent).toHaveBeenCalledWith("Sheet1!D7");
    expect(data.querySelector("[data-source-of]")!.textContent).toMatch(/Formula cellSheet1!C3/);
    expect(Array.from(data.querySelectorAll<HTMLElement>("[aria-current=true]")).map((r) => r.dataset.address)).toEqual(["Sheet1!C3"]);
  });

  it("finds the result of a spill cell from its recorded size where the host cannot say", () => {
    const s = [source("Sheet1!C3", { rows: 5, cols: 2 })];
    expect(locate(s, "Sheet1!D7")?.source.address).toBe("Sheet1!C3");
    expect(locate(s, "Sheet1!D8")).toBeNull();
    expect(locate(s, "Sheet1!E3")).toBeNull();
  });

  it("redraws when the sources change", () => {
    const sources = stubSources([]);
    const root = newRoot();
    mountPane(root, deps({ sources }));
    sources.set([source("Sheet1!C3", { notices: ["New notice"] })]);
    expect(sectionOf(root, "svc-data").querySelector(".svc-notice")!.textContent).toBe("New notice");
  });
});

describe("refresh with a price", () => {
  const formulas = [
    { address: "Sheet1!B2", formula: '=SVC.PEERS("MSFT")' },
    { address: "Sheet1!B9", formula: '=SVC.HEADLINES("MSFT",5)' },
    { address: "Sheet1!B20", formula: "=SVC.PEERS(A1)" },
  ];
  const requestsFor = (fn: string, args: readonly unknown[]) => [{ tool: fn === "PEERS" ? ("get_peers" as const) : ("get_headlines" as const), params: { ticker: args[0] } }];
  const all = [
    { tool: "get_peers", params: { ticker: "MSFT" } },
    { tool: "get_headlines", params: { ticker: "MSFT" } },
    { tool: "get_peers", params: { ticker: "KO" } },
  ];

  function setup(opts: { reader?: boolean; formulas?: typeof formulas; sources?: ReturnType<typeof stubSources> } = {}) {
    const book = fakeBook(["Sheet1"]);
    book.set("Sheet1!A1", "KO");
    book.set("Sheet1!A2", { error: "#N/A" });
    const wb = { ...stubWorkbook(opts.formulas ?? formulas), ...(opts.reader === false ? {} : { cellReader: () => readerOf(book) }) };
    const d = deps({ workbook: wb, requestsFor, ...(opts.sources ? { sources: opts.sources } : {}) });
    const e = d.engine as typeof d.engine & Record<string, jest.Mock>;
    e.plan = jest.fn(async (reqs: unknown[]) => ({ calls: reqs.length, requests: reqs.length, cached: 0, invalid: [] }));
    e.invalidate = jest.fn(async () => 2);
    e.cancelQueued = jest.fn(() => 0);
    d.engine.emit({ quota_remaining: 1412 });
    const root = newRoot();
    mountPane(root, d);
    return { d, wb, e, refresh: sectionOf(root, "svc-refresh") };
  }

  it("prices formulas whose arguments are in cells like literal ones, and spends nothing on 'Not now'", async () => {
    const { e, wb, refresh } = setup();
    buttonByText(refresh, "Price refresh…").click();
    await settle();
    expect(wb.readSvcFormulas).toHaveBeenCalledWith("sheet");
    expect(e.plan).toHaveBeenCalledWith(all, { refresh: true });
    expect(refresh.querySelector('[data-field="price"]')!.textContent).toBe("≈ 3 calls; 1,412 left today");
    expect(refresh.querySelector('[data-field="price-detail"]')!.textContent).toBe("3 formulas, 3 requests.");
    expect(refresh.textContent).not.toMatch(/not refreshed|cell references|recalculate them in Excel/);
    buttonByText(refresh, "Not now").click();
    expect(e.invalidate).not.toHaveBeenCalled();
    expect(wb.recalculateCells).not.toHaveBeenCalled();
  });

  it("says which argument is wrong and why, and marks arguments Excel recalculates on every edit", async () => {
    const { refresh } = setup({
      formulas: [
        { address: "Sheet1!C1", formula: "=SVC.PEERS(A2)" },
        { address: "Sheet1!C2", formula: "=SVC.PEERS(IF(TODAY()>0,\"KO\"))" },
      ],
    });
    buttonByText(refresh, "Price refresh…").click();
    await settle();
    const note = (kind: string) => refresh.querySelector(`[data-kind="${kind}"]`)?.textContent;
    expect(note("invalid")).toMatch(/^Sheet1!C1: ticker \(A2\): the cell shows #N\/A \(no call\)$/);
    expect(note("volatile")).toMatch(/^Sheet1!C2: TODAY in its arguments: Excel recalculates it on every edit\. It costs no call while the cache holds its answer; .*put the date in an input cell/);
    expect(refresh.querySelector('[data-field="price"]')!.textContent).toMatch(/^≈ 1 call;/);
  });

  it("refreshes a formula whose cells it cannot read, and says it is priced only once it has run", async () => {
    const { wb, refresh } = setup({ reader: false });
    buttonByText(refresh, "Price refresh…").click();
    await settle();
    expect(refresh.querySelector('[data-field="price-detail"]')!.textContent).toBe("3 formulas, 2 requests, 1 priced only once it has run (refreshed anyway).");
    expect(refresh.querySelector('[data-kind="unpriced"]')!.textContent).toMatch(/^Sheet1!B20: .*cells could not be read/);
    buttonByText(refresh, "Refresh now").click();
    await new Promise((r) => setTimeout(r, 700));
    expect(wb.recalculateCells).toHaveBeenCalledWith(["Sheet1!B2", "Sheet1!B9", "Sheet1!B20"]);
  });

  it("names what a formula it could not price cost, once it has run", async () => {
    const sources = stubSources([]);
    const { d, wb, e, refresh } = setup({ reader: false, formulas: [{ address: "Sheet1!B20", formula: "=SVC.PEERS(A1)" }], sources });
    (e.plan as jest.Mock).mockImplementation(async (reqs: unknown[]) => {
      const n = new Set(reqs.map((r) => JSON.stringify(r))).size;
      return { calls: n, requests: reqs.length, cached: 0, invalid: [] };
    });
    buttonByText(refresh, "Price refresh…").click();
    await settle();
    expect(refresh.querySelector('[data-field="price"]')!.textContent).toMatch(/^≈ 0 calls/);
    wb.recalculateCells.mockImplementation(async () => {
      sources.set([source("Sheet1!B20", { fn: "PEERS", tool: "get_peers", args: ["KO", null], fetchedAt: Date.now() })]);
      d.engine.emit({ calls: d.engine.stats().calls + 1 });
    });
    buttonByText(refresh, "Refresh now").click();
    await new Promise((r) => setTimeout(r, 700));
    const line = refresh.querySelector<HTMLElement>("[data-list=summary-unpriced] li")!;
    expect(line.textContent).toMatch(/^Sheet1!B20 was not priced beforehand \(.*\): it cost 1 call\.$/);
    expect(refresh.querySelector<HTMLElement>(".svc-summary-head")!.dataset.spent).toBe("1");
  });

  it("invalidates exactly the priced answers, recalculates exactly those cells, then sums up", async () => {
    const { d, e, wb, refresh } = setup();
    buttonByText(refresh, "Price refresh…").click();
    await settle();
    wb.recalculateCells.mockImplementation(async () => {
      d.engine.emit({ calls: d.engine.stats().calls + 3 });
    });
    buttonByText(refresh, "Refresh now").click();
    await new Promise((r) => setTimeout(r, 700));
    expect(e.invalidate).toHaveBeenCalledWith(all);
    expect(wb.recalculateCells).toHaveBeenCalledWith(["Sheet1!B2", "Sheet1!B9", "Sheet1!B20"]);
    expect(refresh.querySelector('[data-field="progress"]')!.textContent).toBe("3 of 3 calls");
    const head = refresh.querySelector<HTMLElement>(".svc-summary-head")!;
    expect(head.dataset.spent).toBe("3");
    expect(head.dataset.priced).toBe("3");
    // the price was spent: it goes (as on main's test/pane/messages.test.ts)
    expect(refresh.querySelector('[data-field="price"]')!.textContent).toBe("");
    expect(refresh.querySelector('[data-field="price-notes"]')!.textContent).toBe("");
  });
});

describe("the quota display", () => {
  it("updates when the engine reports a change", () => {
    const d = deps();
    const root = newRoot();
    mountPane(root, d);
    const quota = sectionOf(root, "svc-quota");
    d.engine.emit({ calls: 3, cache_hits: 7, quota_remaining: 1997 });
    expect(quota.querySelector('[data-field="calls"]')!.textContent).toBe("3");
    expect(quota.querySelector('[data-field="cache_hits"]')!.textContent).toBe("7");
    expect(quota.querySelector('[data-field="quota_remaining"]')!.textContent).toContain("1997");
  });

  it("says the daily quota is used up until 00:00 UTC while the engine is blocked", () => {
    const d = deps();
    const root = newRoot();
    mountPane(root, d);
    d.engine.blockedUntil = Date.UTC(2025, 0, 3);
    d.engine.emit({ quota_remaining: 0 });
    const blocked = sectionOf(root, "svc-quota").querySelector<HTMLElement>('[data-field="quota_blocked"]')!;
    expect(blocked.hidden).toBe(false);
    expect(blocked.textContent).toContain("Daily quota used up until 00:00 UTC");
  });

  it("stops listening after unmount", () => {
    const d = deps();
    const root = newRoot();
    const unmount = mountPane(root, d);
    unmount();
    expect(() => d.engine.emit({ calls: 1 })).not.toThrow();
    expect(root.querySelector("[data-section]")).toBeNull();
  });
});
