/**
 * @jest-environment jsdom
 *
 * Messages that name the real cause: the Account tab's error count is the sheet's
 * (cells showing an error now, whether or not a call was made); the pane's header does not say
 * "Ready" while nobody is signed in; the "≈ N calls; R left" line goes once the refresh spent them.
 */
import { mountPane } from "../../src/taskpane/pane";
import { headerText, wireHeader } from "../../src/taskpane/header";
import type { AuthPort, PaneAuthStatus } from "../../src/taskpane/pane/types";
import { buttonByText, deps, newRoot, sectionOf, settle, source, stubSources, stubWorkbook } from "./stubs";

afterEach(() => {
  document.body.textContent = "";
});

describe("the error count on the Account tab", () => {
  it("counts the cells showing an error, also those that cost no call", () => {
    const sources = stubSources([source("Sheet1!A1"), source("Sheet1!B2", { error: "period \"FY-99\" is further back than the 20 fiscal years the API serves" })]);
    const d = deps({ sources });
    const root = newRoot();
    mountPane(root, d);
    const quota = sectionOf(root, "svc-quota");
    d.engine.emit({ errors: 0 }); // the engine saw no failed request: the #VALUE! was decided before any
    expect(quota.querySelector('[data-field="errors"]')?.textContent).toBe("1");
    sources.set([source("Sheet1!A1"), source("Sheet1!B2")]);
    expect(quota.querySelector('[data-field="errors"]')?.textContent).toBe("0");
  });
});

describe("the pane's header", () => {
  it("says who is signed in, not Ready, while signed out", () => {
    expect(headerText({ state: "signed_out" }, "https://api.example")).toMatch(/^Not signed in/);
    expect(headerText({ state: "signed_out" }, "https://api.example")).not.toMatch(/Ready/);
    expect(headerText({ state: "reauth_required" }, "https://api.example")).toMatch(/Sign in again/);
    expect(headerText({ state: "signed_in" }, "https://api.example")).toBe("Ready (API https://api.example)");
    expect(headerText("dev_key", "http://127.0.0.1:8787")).toMatch(/^Ready/);
  });

  it("follows sign-in and sign-out", async () => {
    let listener: (s: PaneAuthStatus) => void = () => undefined;
    const auth = {
      status: () => ({ state: "signed_out" as const }),
      onStatusChange: (l: (s: PaneAuthStatus) => void) => {
        listener = l;
        return () => undefined;
      },
    } as unknown as AuthPort;
    const shown: string[] = [];
    wireHeader(auth, "https://api.example", (t) => shown.push(t));
    await settle();
    expect(shown[shown.length - 1]).toMatch(/^Not signed in/);
    listener({ state: "signed_in" });
    expect(shown[shown.length - 1]).toMatch(/^Ready/);
  });
});

describe("the refresh price", () => {
  it("goes once the refresh that spent it is done", async () => {
    const wb = stubWorkbook([{ address: "Sheet1!B2", formula: '=SVC.PEERS("MSFT")' }]);
    const d = deps({ workbook: wb, requestsFor: () => [{ tool: "get_peers", params: { ticker: "MSFT" } }] });
    d.engine.plan = jest.fn(async () => ({ calls: 1, requests: 1, cached: 0, invalid: [] }));
    d.engine.emit({ quota_remaining: 1961 });
    const root = newRoot();
    mountPane(root, d);
    const refresh = sectionOf(root, "svc-refresh");
    buttonByText(refresh, "Price refresh…").click();
    await settle();
    expect(refresh.querySelector('[data-field="price"]')?.textContent).toBe("≈ 1 call; 1,961 left today");
    wb.recalculateCells.mockImplementation(async () => {
      d.engine.emit({ calls: 1, quota_remaining: 1960 });
      return undefined;
    });
    buttonByText(refresh, "Refresh now").click();
    await new Promise((r) => setTimeout(r, 700));
    expect(refresh.querySelector(".svc-summary-head")).not.toBeNull();
    expect(refresh.querySelector('[data-field="price"]')?.textContent).toBe("");
    expect(refresh.querySelector('[data-field="price-detail"]')?.textContent).toBe("");
  });
});
