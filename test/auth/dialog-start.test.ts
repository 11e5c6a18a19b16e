/**
 * The dialog's start page (src/dialog/start.ts) forwards only this add-in's own authorization
 * request: its client, its callback page (also under a sub-path), S256, each parameter
 * once. The real page in Chromium: test/browser/addin.test.ts ("the start page ...").
 */
import { addinUrlFromPage, dialogStartUrl, redirectUriFor } from "../../src/auth/dialog-urls";
import { ListableStorage, LocalStorageTokenStore, registeredClientIds } from "../../src/auth/store";
import { StartPagePins, checkAuthorizeTarget, officeSettled, startPagePins } from "../../src/dialog/start";

const APP = "https://app.example";
const ADDIN = "https://host.example/excel";
const CALLBACK = `${ADDIN}/auth/callback.html`;

function authorizeUrl(over: Record<string, string | string[] | null> = {}): string {
  const u = new URL(`${APP}/oauth/authorize`);
  const params: Record<string, string | string[] | null> = {
    response_type: "code",
    client_id: "c1",
    redirect_uri: CALLBACK,
    scope: "read",
    code_challenge: "x".repeat(43),
    code_challenge_method: "S256",
    state: "s",
    ...over,
  };
  for (const [k, v] of Object.entries(params)) for (const one of v === null ? [] : Array.isArray(v) ? v : [v]) u.searchParams.append(k, one);
  return u.toString();
}

class MapStorage implements ListableStorage {
  readonly m = new Map<string, string>();
  get length() {
    return this.m.size;
  }
  key(i: number) {
    return [...this.m.keys()][i] ?? null;
  }
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, v);
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
}

describe("checkAuthorizeTarget", () => {
  const pins: StartPagePins = { origins: [APP], redirectUri: CALLBACK, clientIds: ["c1"] };

  test("this add-in's request is forwarded as is", () => {
    expect(checkAuthorizeTarget(authorizeUrl(), pins)).toBe(authorizeUrl());
  });

  test.each<[string, Record<string, string | string[] | null>]>([
    ["another app's redirect URI", { redirect_uri: "https://evil.example/cb" }],
    ["the add-in's origin without its sub-path", { redirect_uri: "https://host.example/auth/callback.html" }],
    ["no redirect URI", { redirect_uri: null }],
    ["the redirect URI twice", { redirect_uri: [CALLBACK, "https://evil.example/cb"] }],
    ["another client", { client_id: "attacker" }],
    ["no client", { client_id: null }],
    ["the client twice", { client_id: ["c1", "attacker"] }],
    ["plain PKCE", { code_challenge_method: "plain" }],
    ["no PKCE", { code_challenge: null }],
    ["an implicit flow", { response_type: "token" }],
  ])("refused: %s", (_name, over) => {
    expect(checkAuthorizeTarget(authorizeUrl(over), pins)).toBeNull();
  });

  test("no client known to this page (the web's partitioned storage): any one client, the redirect still pinned", () => {
    const open: StartPagePins = { ...pins, clientIds: [] };
    expect(checkAuthorizeTarget(authorizeUrl({ client_id: "other" }), open)).not.toBeNull();
    expect(checkAuthorizeTarget(authorizeUrl({ client_id: "other", redirect_uri: "https://evil.example/cb" }), open)).toBeNull();
  });
});

describe("the start page's pins", () => {
  test("the callback is next to the start page, sub-path included", () => {
    expect(addinUrlFromPage(`${ADDIN}/auth/start.html?to=x`, 1)).toBe(ADDIN);
    expect(addinUrlFromPage(`${ADDIN}/taskpane.html?_host_Info=Excel`)).toBe(ADDIN);
    expect(addinUrlFromPage("https://localhost:3000/taskpane.html")).toBe("https://localhost:3000");
    expect(redirectUriFor(`${ADDIN}/`)).toBe(CALLBACK);
    expect(dialogStartUrl(ADDIN, "https://a/b")).toBe(`${ADDIN}/auth/start.html?to=${encodeURIComponent("https://a/b")}`);
    const doc = { querySelector: () => ({ getAttribute: () => APP }) } as unknown as Document;
    expect(startPagePins(doc, `${ADDIN}/auth/start.html?to=x`, null)).toMatchObject({ redirectUri: CALLBACK, clientIds: [] });
  });

  test("the clients this origin registered for that callback, under any partition prefix", async () => {
    const storage = new MapStorage();
    await new LocalStorageTokenStore(storage, "pk|").setClient({ issuer: APP, client_id: "c1", redirect_uris: [CALLBACK], registered_at: 1 });
    await new LocalStorageTokenStore(storage).setClient({ issuer: "https://other.example", client_id: "c2", redirect_uris: [CALLBACK], registered_at: 1 });
    await new LocalStorageTokenStore(storage).setClient({ issuer: "https://third.example", client_id: "cli", redirect_uris: ["http://127.0.0.1:28473/callback"], registered_at: 1 });
    storage.setItem("pk|svc-auth:client:broken", "{");
    await new LocalStorageTokenStore(storage).setTokens("https://api.example", { state: "reauth_required", message: "x" });
    expect(registeredClientIds(storage, CALLBACK).sort()).toEqual(["c1", "c2"]);
    const doc = { querySelector: () => null } as unknown as Document;
    expect(startPagePins(doc, `${ADDIN}/auth/start.html`, storage).clientIds.sort()).toEqual(["c1", "c2"]);
  });
});

describe("the start page waits for office.js before it leaves (so office.js records the dialog context), never for ever", () => {
  it("goes on when Office is ready, when it is absent or broken, and after the cap when it never is", async () => {
    let ready: () => void = () => undefined;
    const office = { onReady: () => new Promise<void>((r) => (ready = r)) };
    let left = false;
    const waiting = officeSettled(office, 60_000).then(() => (left = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(left).toBe(false);
    ready();
    await waiting;
    expect(left).toBe(true);
    await expect(officeSettled(undefined, 60_000)).resolves.toBeUndefined();
    await expect(officeSettled({ onReady: () => Promise.reject(new Error("x")) }, 60_000)).resolves.toBeUndefined();
    await expect(officeSettled({ onReady: () => { throw new Error("x"); } }, 60_000)).resolves.toBeUndefined();
    const t0 = Date.now();
    await officeSettled({ onReady: () => new Promise(() => undefined) }, 50);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(45);
  });
});
