/** @jest-environment jsdom */
import { mountPane } from "../../src/taskpane/pane";
import { buttonByText, deps, newRoot, sectionOf, settle, source, stubSources } from "./stubs";

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

  it("renders notice text containing markup as text in the notices section", () => {
    const d = deps({ sources: stubSources([source("Sheet1!A1", { notices: [XSS] })]) });
    const root = newRoot();
    mountPane(root, d);
    const notices = sectionOf(root, "svc-notices");
    expect(root.querySelector("img")).toBeNull();
    expect(notices.querySelector(".svc-notice")?.textContent).toBe(XSS);
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

describe("the notices section", () => {
  it("lists each notice once with the cells it applies to", () => {
    const notice = "Headlines from Example News (https://news.example.test)";
    const d = deps({
      sources: stubSources([
        source("Sheet1!A1", { notices: [notice] }),
        source("Sheet1!A20", { notices: [notice] }),
        source("Sheet2!B3", { fn: "ECONOMY", tool: "get_economy", notices: ["Not investment advice."] }),
      ]),
    });
    const root = newRoot();
    mountPane(root, d);
    const groups = Array.from(sectionOf(root, "svc-notices").querySelectorAll(".svc-notice-group"));
    expect(groups.map((g) => g.querySelector(".svc-notice")!.textContent)).toEqual([notice, "Not investment advice."]);
    expect(groups[0].querySelector(".svc-cells")!.textContent).toBe("Applies to Sheet1!A1, Sheet1!A20");
    expect(groups[1].querySelector(".svc-cells")!.textContent).toBe("Applies to Sheet2!B3");
  });

  it("marks a stale result as cached, from its time", () => {
    const at = Date.UTC(2025, 0, 2, 3, 4, 5);
    const d = deps({ sources: stubSources([source("Sheet1!A1", { stale: true, fetchedAt: at })]) });
    const root = newRoot();
    mountPane(root, d);
    const stale = sectionOf(root, "svc-notices").querySelector(".svc-stale")!;
    expect(stale.textContent).toBe(`cached, from ${new Date(at).toLocaleString()}`);
  });

  it("opens a cell's check-the-figures link through openLink", () => {
    const d = deps({ sources: stubSources([source("Sheet1!A1", { link: "https://example.test/figures" })]) });
    const root = newRoot();
    mountPane(root, d);
    sectionOf(root, "svc-notices").querySelector<HTMLAnchorElement>("a.svc-link")!.click();
    expect(d.openLink).toHaveBeenCalledWith("https://example.test/figures");
  });

  it("redraws when the sources change", () => {
    const sources = stubSources([]);
    const root = newRoot();
    mountPane(root, deps({ sources }));
    sources.set([source("Sheet1!C3", { notices: ["New notice"] })]);
    expect(sectionOf(root, "svc-notices").querySelector(".svc-notice")!.textContent).toBe("New notice");
  });
});

describe("the refresh button", () => {
  it("does nothing before confirmation", async () => {
    const d = deps({ sources: stubSources([source("Sheet1!A1"), source("Sheet1!A2")]) });
    const root = newRoot();
    mountPane(root, d);
    const refresh = sectionOf(root, "svc-refresh");
    buttonByText(refresh, "Refresh data…").click();
    await settle();
    expect(d.engine.clearCache).not.toHaveBeenCalled();
    expect(d.calculateFull).not.toHaveBeenCalled();
    expect(refresh.querySelector(".svc-confirm-text")!.textContent).toContain("up to 2 API calls");
  });

  it("clears the cache then recalculates fully once confirmed", async () => {
    const d = deps({ sources: stubSources([source("Sheet1!A1")]) });
    const root = newRoot();
    mountPane(root, d);
    const refresh = sectionOf(root, "svc-refresh");
    buttonByText(refresh, "Refresh data…").click();
    buttonByText(refresh, "Refresh now").click();
    await settle();
    expect(d.engine.clearCache).toHaveBeenCalledTimes(1);
    expect(d.calculateFull).toHaveBeenCalledTimes(1);
    expect(refresh.querySelector(".svc-status-ok")).not.toBeNull();
  });

  it("shows the failure when recalculation fails", async () => {
    const d = deps({ calculateFull: jest.fn(async () => Promise.reject(new Error("Excel is not available in this page"))) });
    const root = newRoot();
    mountPane(root, d);
    const refresh = sectionOf(root, "svc-refresh");
    buttonByText(refresh, "Refresh data…").click();
    buttonByText(refresh, "Refresh now").click();
    await settle();
    expect(refresh.querySelector(".svc-status-error")!.textContent).toContain("Excel is not available");
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
