/**
 * One account, one scope in the pane: the REAL bundle under the fake
 * Office host, signing in through the dialog against the fake authorization server. Account A's
 * quota 429 blocks A; a second sign-in (account B) is neither refused by it nor served A's cached
 * answer; a sign-out leaves no answer to serve. Before C5 the pane's identity was the constant
 * "oauth" and B was refused "Daily quota used up" without a request.
 */
import type { Page } from "playwright-core";
import { CellResult, Env, invoke, startEnv } from "./harness";
import { signInThroughPopup } from "./sign-in";

jest.setTimeout(180_000);

let env: Env;
let page: Page;

beforeAll(async () => {
  env = await startEnv({ api: { latencyMs: 5, quota: 100_000 } });
  page = await env.openWorkbook(await env.newContext(), { storeName: "svc-accounts" });
});
afterAll(async () => {
  await env?.close();
});

const company = (ticker: string): Promise<CellResult> => invoke(page, "COMPANY", [ticker, "name"]);

describe("two accounts in one workbook", () => {
  it("B is not refused by A's quota nor served A's answer; a sign-out forgets", async () => {
    expect(await signInThroughPopup(page)).toEqual({ ok: expect.objectContaining({ state: "signed_in" }) });
    expect((await company("AAPL")).error).toBeUndefined();
    const tokenA = env.api.log[env.api.log.length - 1].credential;
    env.api.setQuota(0, tokenA);
    const refused = await company("MSFT");
    expect([refused.error, refused.message]).toEqual(["#N/A", expect.stringMatching(/quota used up/i)]);
    const sent = env.api.requests();
    expect((await company("KO")).message).toMatch(/quota used up/i); // A is blocked locally now
    expect(env.api.requests()).toBe(sent);

    expect(await signInThroughPopup(page)).toEqual({ ok: expect.objectContaining({ state: "signed_in" }) });
    const aapl = await company("AAPL");
    expect(aapl.error).toBeUndefined();
    expect(env.api.requests()).toBe(sent + 1); // asked afresh: A's cached answer is not B's
    expect(env.api.log[env.api.log.length - 1].credential).not.toBe(tokenA);
    const msft = await company("MSFT");
    expect(msft.error).toBeUndefined();
    expect(env.api.requests()).toBe(sent + 2);

    await page.evaluate(() => (window as unknown as { __svcHost: { auth: { signOut(): Promise<unknown> } } }).__svcHost.auth.signOut());
    const after = await company("AAPL");
    expect([after.error, after.message]).toEqual(["#N/A", expect.stringMatching(/sign in/i)]);
    expect(env.api.requests()).toBe(sent + 2);
    expect(env.refused).toEqual([]);
  });
});
