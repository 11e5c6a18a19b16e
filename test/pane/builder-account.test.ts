/** @jest-environment jsdom */
import { paramOf } from "../../src/api/catalogue";
import { authPortFromHost, mountPane } from "../../src/taskpane/pane";
import type { AuthPort, PaneAuthStatus } from "../../src/taskpane/pane/types";
import { buttonByText, deps, newRoot, sectionOf, settle } from "./stubs";

function input(scope: HTMLElement, name: string): HTMLInputElement | HTMLSelectElement {
  const el = scope.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`);
  if (!el) throw new Error(`no input ${name}`);
  return el;
}

function type(el: HTMLInputElement | HTMLSelectElement, value: string): void {
  el.value = value;
  el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? "change" : "input"));
}

describe("the formula builder section", () => {
  it("shows the formula for the arguments typed in", () => {
    const root = newRoot();
    mountPane(root, deps());
    const b = sectionOf(root, "svc-builder");
    type(input(b, "fn"), "list_filings");
    type(input(b, "ticker"), "BRK-B");
    type(input(b, "limit"), "5");
    expect(b.querySelector<HTMLInputElement>(".svc-formula-text")!.value).toBe('=SVC.FILINGS("BRK-B",,5)');
  });

  it("flags an argument outside the catalogue's bounds without any call", async () => {
    const d = deps();
    const root = newRoot();
    mountPane(root, d);
    const b = sectionOf(root, "svc-builder");
    type(input(b, "fn"), "list_filings");
    type(input(b, "ticker"), "AAPL");
    type(input(b, "limit"), "500");
    await settle();
    expect(b.querySelector(".svc-status-warn")!.textContent).toMatch(/limit/);
    expect(d.engine.request).not.toHaveBeenCalled();
  });

  it("copies the formula", async () => {
    const d = deps();
    const root = newRoot();
    mountPane(root, d);
    const b = sectionOf(root, "svc-builder");
    type(input(b, "fn"), "get_peers");
    type(input(b, "ticker"), "MSFT");
    await settle();
    buttonByText(b, "Copy").click();
    await settle();
    expect(d.copyText).toHaveBeenCalledWith('=SVC.PEERS("MSFT")');
  });

  it("inserts the formula into the selected cell and says where", async () => {
    const insertFormula = jest.fn(async () => "Sheet1!B2");
    const root = newRoot();
    mountPane(root, deps({ insertFormula }));
    const b = sectionOf(root, "svc-builder");
    type(input(b, "fn"), "get_peers");
    type(input(b, "ticker"), "MSFT");
    await settle();
    buttonByText(b, "Insert at the active cell").click();
    await settle();
    expect(insertFormula).toHaveBeenCalledWith('=SVC.PEERS("MSFT")');
    expect(b.querySelector(".svc-status-ok")!.textContent).toBe("Inserted into Sheet1!B2");
  });
});

describe("the screener section", () => {
  it("runs the screen through the engine and shows the formula that reproduces it", async () => {
    const d = deps();
    d.engine.answer = async () => ({ data: { results: [{ ticker: "ACME", name: "Acme", roic: 0.2 }] }, link: "", text: "", stale: false, fetchedAt: 0 });
    const root = newRoot();
    mountPane(root, d);
    const s = sectionOf(root, "svc-screener");
    const metric = s.querySelector<HTMLSelectElement>(".svc-filter-row select")!;
    type(metric, "roic");
    type(s.querySelector<HTMLInputElement>(".svc-filter-row input")!, "0.15");
    buttonByText(s, "Run screen").click();
    await settle();
    expect(d.engine.answers).toEqual([{ tool: "screen_companies", params: { filters: ["roic:0.15:"] } }]);
    expect(s.querySelector<HTMLInputElement>(".svc-formula-text")!.value).toBe('=SVC.SCREEN("roic:0.15:")');
    expect(s.querySelector("table")).not.toBeNull();
  });

  it("states the filters' units (the catalogue's filters help) above the filter rows", () => {
    const root = newRoot();
    mountPane(root, deps());
    const s = sectionOf(root, "svc-screener");
    const units = s.querySelector<HTMLElement>('[data-field="filter-units"]')!;
    expect(units.textContent).toBe(`${paramOf("screen_companies", "filters")?.description}.`);
    expect(units.textContent).toMatch(/percent metrics in percent.*USD millions/);
    expect(units.compareDocumentPosition(s.querySelector(".svc-filter-row")!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

function stubAuth(initial: PaneAuthStatus, signIn: () => Promise<void>): AuthPort & { set(s: PaneAuthStatus): void } {
  let cur = initial;
  const ls = new Set<(s: PaneAuthStatus) => void>();
  return {
    status: async () => cur,
    onStatusChange: (l) => {
      ls.add(l);
      return () => ls.delete(l);
    },
    signIn: jest.fn(signIn),
    signOut: jest.fn(async () => ({ revoked: true })),
    set: (s) => {
      cur = s;
      ls.forEach((l) => l(s));
    },
  };
}

describe("the account section", () => {
  it("explains a blocked sign-in window", async () => {
    const auth = stubAuth({ state: "signed_out" }, async () => {
      throw Object.assign(new Error("12009"), { code: "dialog_blocked" });
    });
    const root = newRoot();
    mountPane(root, deps({ auth }));
    await settle();
    const a = sectionOf(root, "svc-account");
    buttonByText(a, "Sign in").click();
    await settle();
    expect(a.querySelector(".svc-status-error")!.textContent).toMatch(/blocked/);
  });

  it("recalculates the sheet once after a successful sign-in (cache kept)", async () => {
    const auth = stubAuth({ state: "signed_out" }, async () => undefined);
    const d = deps({ auth });
    const root = newRoot();
    mountPane(root, d);
    await settle();
    const a = sectionOf(root, "svc-account");
    buttonByText(a, "Sign in").click();
    await settle();
    expect(d.calculateFull).toHaveBeenCalledTimes(1);
    expect(d.engine.clearCache).not.toHaveBeenCalled();
    expect(a.querySelector(".svc-status-ok")!.textContent).toMatch(/recalculated/);
  });

  it("states the rule for cached answers after sign-out, and signs out", async () => {
    const auth = stubAuth({ state: "signed_in" }, async () => undefined);
    const d = deps({ auth });
    const root = newRoot();
    mountPane(root, d);
    await settle();
    const a = sectionOf(root, "svc-account");
    expect(a.querySelector("[data-field=sign-out-rule]")!.textContent).toMatch(/clears the answers cached on this computer/);
    buttonByText(a, "Sign out").click();
    await settle();
    expect(auth.signOut).toHaveBeenCalledTimes(1);
    expect(a.querySelector(".svc-status-ok")!.textContent).toBe("Signed out.");
  });

  it("does not recalculate after a failed sign-in", async () => {
    const auth = stubAuth({ state: "signed_out" }, async () => {
      throw Object.assign(new Error("closed"), { code: "dialog_closed" });
    });
    const d = deps({ auth });
    const root = newRoot();
    mountPane(root, d);
    await settle();
    buttonByText(sectionOf(root, "svc-account"), "Sign in").click();
    await settle();
    expect(d.calculateFull).not.toHaveBeenCalled();
  });

  it("offers Retry after a failed sign-in", async () => {
    const auth = stubAuth({ state: "signed_out" }, async () => {
      throw Object.assign(new Error("closed"), { code: "dialog_closed" });
    });
    const root = newRoot();
    mountPane(root, deps({ auth }));
    await settle();
    const a = sectionOf(root, "svc-account");
    buttonByText(a, "Sign in").click();
    await settle();
    expect(a.querySelector(".svc-status-error")!.textContent).toMatch(/closed before sign-in finished/);
    buttonByText(a, "Retry").click();
    await settle();
    expect(auth.signIn).toHaveBeenCalledTimes(2);
  });

  it("shows signing in while the host's dialog flow runs", async () => {
    let finish!: () => void;
    const client = { status: async (): Promise<PaneAuthStatus> => ({ state: "signed_out" }), onStatusChange: () => () => undefined, signOut: async () => ({}) };
    const port = authPortFromHost({ auth: client, signIn: () => new Promise<void>((r) => (finish = r)) })!;
    const root = newRoot();
    mountPane(root, deps({ auth: port }));
    await settle();
    const a = sectionOf(root, "svc-account");
    buttonByText(a, "Sign in").click();
    await settle();
    expect(a.querySelector(".svc-account-state")!.getAttribute("data-state")).toBe("signing_in");
    finish();
    await settle();
    expect(a.querySelector(".svc-account-state")!.getAttribute("data-state")).toBe("signed_out");
  });

  it("asks to sign in again when the connection ended", async () => {
    const auth = stubAuth({ state: "signed_in" }, async () => undefined);
    const root = newRoot();
    mountPane(root, deps({ auth }));
    await settle();
    auth.set({ state: "reauth_required", message: "The connection was revoked; sign in again" });
    const a = sectionOf(root, "svc-account");
    expect(a.querySelector(".svc-account-state")!.textContent).toMatch(/Sign in again/);
    expect(a.querySelector(".svc-account-detail")!.textContent).toBe("The connection was revoked; sign in again");
    expect(buttonByText(a, "Sign in again")).toBeTruthy();
  });
});
