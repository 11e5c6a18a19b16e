/**
 * Sign-in through the Office dialog, with a fake Office host whose dialog "browses" like a user
 * (start page check, consent page, callback page's messageParent). The fake authorization server
 * is mounted on the project's fake API (same origin: issuer = base URL).
 */
import { ApiClient } from "../../src/api/client";
import { SignInError } from "../../src/auth/errors";
import { OAuthClient } from "../../src/auth/oauth-client";
import { DIALOG_CALLBACK_PATH, addinUrlFromPage, dialogStartUrl, redirectUriFor } from "../../src/auth/dialog-urls";
import { PaneSignInState, parseCallbackMessage, signInWithDialog } from "../../src/auth/pane-signin";
import { LocalStorageTokenStore, StorageLike } from "../../src/auth/store";
import { callbackMessage } from "../../src/dialog/callback";
import { checkAuthorizeTarget } from "../../src/dialog/start";
import { OfficeLike, officeDialogHost, storagePartitionKey } from "../../src/office/dialog";
import { LocalLock } from "../../src/platform/locks";
import { createFakeAuthServer, FakeAuthServer, startFakeAuthOnly } from "../fakes/auth/fake-auth-server";
import { followAuthorize } from "../fakes/auth/follow";

const ADDIN = "https://addin.example";

type Behaviour = "user_allows" | "user_denies" | "user_closes" | "ignored_prompt" | "popup_blocked" | "busy_then_ok" | "forged_state" | "wrong_message" | "foreign_origin_then_ok";

class MapStorage implements StorageLike {
  readonly map = new Map<string, string>();
  getItem(k: string) {
    return this.map.has(k) ? this.map.get(k)! : null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

function fakeOffice(behaviour: Behaviour, allowedOrigin: string) {
  const settingsWrites: unknown[] = [];
  const log: string[] = [];
  let opens = 0;
  const office = {
    context: {
      partitionKey: "pk-123|",
      document: {
        settings: {
          set: (k: string, v: unknown) => settingsWrites.push([k, v]),
          remove: (k: string) => settingsWrites.push(["remove", k]),
          saveAsync: () => settingsWrites.push("saveAsync"),
        },
      },
      ui: {
        displayDialogAsync(url: string, options: unknown, cb: (r: { status: string; error?: { code: number; message: string }; value: unknown }) => void) {
          opens++;
          log.push(`open ${url}`);
          const fail = (code: number) => cb({ status: "failed", error: { code, message: `error ${code}` }, value: undefined });
          if (behaviour === "ignored_prompt") return fail(12009);
          if (behaviour === "popup_blocked") return fail(12011);
          if (behaviour === "busy_then_ok" && opens === 1) return fail(12007);
          const handlers: Record<string, (arg: { message?: string; origin?: string; error?: number }) => void> = {};
          const dialog = {
            addEventHandler: (type: string, h: (arg: { message?: string; origin?: string; error?: number }) => void) => (handlers[type] = h),
            close: () => log.push("close"),
          };
          cb({ status: "succeeded", value: dialog });
          // The dialog's life, asynchronously, as a user would drive it.
          void (async () => {
            const fire = (type: string, arg: { message?: string; origin?: string; error?: number }) => handlers[type]?.(arg);
            const u = new URL(url);
            expect(u.origin + u.pathname).toBe(`${ADDIN}/auth/start.html`);
            const pins = { origins: [allowedOrigin], redirectUri: redirectUriFor(addinUrlFromPage(url, 1)), clientIds: [] };
            const target = checkAuthorizeTarget(u.searchParams.get("to"), pins);
            if (!target) throw new Error("start page refused the target");
            if (behaviour === "user_closes") return fire("dialogEventReceived", { error: 12006 });
            const redirect = redirectUriFor(ADDIN);
            const { callbackUrl } = await followAuthorize(target, { redirectPrefix: redirect, decision: behaviour === "user_denies" ? "deny" : "allow" });
            let href = callbackUrl;
            if (behaviour === "forged_state") {
              const f = new URL(callbackUrl);
              f.searchParams.set("state", "forged");
              href = f.toString();
            }
            if (behaviour === "foreign_origin_then_ok") fire("dialogMessageReceived", { message: callbackMessage("https://evil.example/cb?code=x"), origin: "https://evil.example" });
            if (behaviour === "wrong_message") return fire("dialogMessageReceived", { message: "hello", origin: ADDIN });
            fire("dialogMessageReceived", { message: callbackMessage(href), origin: ADDIN });
          })().catch((e) => log.push(`dialog failed: ${e}`));
        },
      },
    },
    EventType: { DialogMessageReceived: "dialogMessageReceived", DialogEventReceived: "dialogEventReceived" },
    AsyncResultStatus: { Failed: "failed", Succeeded: "succeeded" },
  };
  return { office: office as unknown as OfficeLike, settingsWrites, log };
}

describe("sign-in through the Office dialog (fake Office host, fake API + fake AS)", () => {
  let api: { url: string; close(): Promise<void> };
  let auth: FakeAuthServer;
  beforeAll(async () => {
    // The project's fake API with the fake AS mounted (how the sandbox runs it); while the fake API
    // is not loadable, the AS's own minimal host stands in.
    let startFakeApi: typeof import("../fakes/api/server").startFakeApi | undefined;
    try {
      startFakeApi = (require("../fakes/api/server") as typeof import("../fakes/api/server")).startFakeApi;
    } catch {
      startFakeApi = undefined;
    }
    if (startFakeApi) {
      auth = createFakeAuthServer({ challengeMcp: false });
      api = await startFakeApi({ routes: auth.routes, validateToken: (t) => auth.connectionFor(t) || false });
    } else {
      const only = await startFakeAuthOnly();
      auth = only.auth;
      api = only;
    }
  });
  afterAll(async () => {
    await api.close();
  });

  function setup(behaviour: Behaviour) {
    const host = fakeOffice(behaviour, new URL(api.url).origin);
    const storage = new MapStorage();
    const store = new LocalStorageTokenStore(storage, storagePartitionKey(host.office));
    const client = new OAuthClient({ baseUrl: api.url, store, lock: new LocalLock() });
    const states: PaneSignInState[] = [];
    const run = () => signInWithDialog({ client, dialog: officeDialogHost(host.office), addinUrl: ADDIN, onState: (s) => states.push(s), timeoutMs: 10_000 });
    return { ...host, storage, store, client, states, run };
  }

  test("the user allows: signed in, tokens in origin storage (partition-prefixed), nothing in the workbook", async () => {
    const s = setup("user_allows");
    await expect(s.run()).resolves.toMatchObject({ state: "signed_in" });
    expect(s.states.map((x) => x.phase)).toEqual(["preparing", "dialog_open", "exchanging", "signed_in"]);
    expect(s.log).toContain("close");
    expect(s.settingsWrites).toEqual([]);
    const keys = [...s.storage.map.keys()];
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((k) => k.startsWith("pk-123|svc-auth:"))).toBe(true);
    const api2 = new ApiClient({ baseUrl: api.url, credentials: s.client });
    await expect(api2.call("get_company", { ticker: "AAPL" })).resolves.toBeDefined();
    expect(s.settingsWrites).toEqual([]);
  });

  test.each([
    ["user_closes", "dialog_closed"],
    ["ignored_prompt", "dialog_blocked"],
    ["popup_blocked", "dialog_blocked"],
    ["user_denies", "access_denied"],
    ["forged_state", "state_mismatch"],
    ["wrong_message", "invalid_callback"],
  ] as const)("%s ends in a clear state (%s) with a retry", async (behaviour, code) => {
    const s = setup(behaviour);
    const err = await s.run().catch((e) => e);
    expect(err).toBeInstanceOf(SignInError);
    expect(err.code).toBe(code);
    const last = s.states[s.states.length - 1];
    expect(last).toMatchObject({ phase: "failed", canRetry: true, error: { code } });
    expect(last.error!.message.length).toBeGreaterThan(10);
    expect((await s.client.status()).state).toBe("signed_out");
    expect(s.settingsWrites).toEqual([]);
  });

  test("a dialog still closing (12007) is retried; a message from a foreign origin is ignored", async () => {
    const s = setup("busy_then_ok");
    await expect(s.run()).resolves.toMatchObject({ state: "signed_in" });
    expect(s.log.filter((l) => l.startsWith("open"))).toHaveLength(2);
    const t = setup("foreign_origin_then_ok");
    await expect(t.run()).resolves.toMatchObject({ state: "signed_in" });
  });

  test("retry after a closed dialog works and registers no second client", async () => {
    const s = setup("user_closes");
    await expect(s.run()).rejects.toMatchObject({ code: "dialog_closed" });
    const regs = auth.stats.registrations;
    const ok = fakeOffice("user_allows", new URL(api.url).origin);
    await expect(signInWithDialog({ client: s.client, dialog: officeDialogHost(ok.office), addinUrl: ADDIN })).resolves.toMatchObject({ state: "signed_in" });
    expect(auth.stats.registrations).toBe(regs);
  });

  test("dialog pages: the start page refuses open redirects; the callback sends one typed envelope", () => {
    const app = "https://app.example";
    const pins = (origins: string[]) => ({ origins, redirectUri: redirectUriFor(ADDIN), clientIds: [] });
    const q = `response_type=code&code_challenge=abc&code_challenge_method=S256&client_id=x&redirect_uri=${encodeURIComponent(redirectUriFor(ADDIN))}`;
    const good = `${app}/oauth/authorize?${q}`;
    expect(checkAuthorizeTarget(good, pins([app]))).toBe(good);
    expect(checkAuthorizeTarget(`https://evil.example/oauth/authorize?${q}`, pins([app]))).toBeNull();
    expect(checkAuthorizeTarget("javascript:alert(1)", pins([app]))).toBeNull();
    expect(checkAuthorizeTarget(`http://app.example/oauth/authorize?${q}`, pins(["http://app.example"]))).toBeNull();
    expect(checkAuthorizeTarget(`https://u:p@app.example/oauth/authorize?${q}`, pins([app]))).toBeNull();
    expect(checkAuthorizeTarget(null, pins([app]))).toBeNull();
    expect(parseCallbackMessage(callbackMessage(`${ADDIN}${DIALOG_CALLBACK_PATH}?code=1&state=2`))).toEqual({ url: `${ADDIN}${DIALOG_CALLBACK_PATH}?code=1&state=2` });
    expect(parseCallbackMessage('{"type":"other","url":"x"}')).toBeNull();
    expect(dialogStartUrl(ADDIN + "/", good)).toBe(`${ADDIN}/auth/start.html?to=${encodeURIComponent(good)}`);
  });
});
