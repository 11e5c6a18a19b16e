/**
 * The token record (src/auth/token-record.ts): what a store's value reads as, and that the
 * constructors can only make the states the refresh protocol allows.
 */
import {
  connectionIdOf,
  endedRecord,
  markedRecord,
  parseTokenRecord,
  renewedRecord,
  signedInRecord,
  tokenLess,
  unmarkedRecord,
  RenewableRecord,
} from "../../src/auth/token-record";

const CONN = { issuer: "https://as.example", client_id: "c1", resource: "https://api.example/mcp" };

describe("parseTokenRecord", () => {
  test("a record written before sign_in_id existed keeps its sign-in, with a stable derived id", () => {
    const legacy = { state: "signed_in", access_token: "at", refresh_token: "rt", issuer: CONN.issuer, client_id: "c1", updated_at: 1234, expires_at: 99 };
    const a = parseTokenRecord(legacy);
    const b = parseTokenRecord(JSON.parse(JSON.stringify(legacy)));
    expect(a).toMatchObject({ state: "signed_in", access_token: "at", refresh_token: "rt", sign_in_id: "legacy-1234" });
    expect(b?.state === "signed_in" && b.sign_in_id).toBe("legacy-1234");
  });

  test("a mark stays with its refresh token; a mark without one, or malformed, is dropped", () => {
    const marked = parseTokenRecord({ ...CONN, state: "signed_in", access_token: "at", refresh_token: "rt", sign_in_id: "s", refresh_in_flight: { hash: "h", at: 5 } });
    expect(marked).toMatchObject({ refresh_in_flight: { hash: "h", at: 5 } });
    const noToken = parseTokenRecord({ ...CONN, state: "signed_in", access_token: "at", sign_in_id: "s", refresh_in_flight: { hash: "h", at: 5 } });
    expect(noToken).not.toHaveProperty("refresh_in_flight");
    const bad = parseTokenRecord({ ...CONN, state: "signed_in", access_token: "at", refresh_token: "rt", sign_in_id: "s", refresh_in_flight: { hash: 1 } });
    expect(bad).not.toHaveProperty("refresh_in_flight");
  });

  test("an ended record never carries a token, whatever the store held", () => {
    const rec = parseTokenRecord({ state: "reauth_required", message: "x; sign in again", access_token: "at", refresh_token: "rt", sign_in_id: "s" });
    expect(rec).toEqual({ state: "reauth_required", message: "x; sign in again" });
  });

  test.each([
    ["null", null],
    ["a string", "signed_in"],
    ["an unknown state", { state: "refreshing", access_token: "at" }],
    ["signed in without an access token", { ...CONN, state: "signed_in", refresh_token: "rt" }],
    ["signed in without its client", { state: "signed_in", access_token: "at", issuer: CONN.issuer }],
  ])("%s reads as no record", (_name, raw) => {
    expect(parseTokenRecord(raw)).toBeNull();
  });
});

describe("the record's states", () => {
  test("a sign-in gets a new random id; a refresh keeps it; the mark comes and goes with the token", () => {
    const one = signedInRecord(CONN, { access_token: "a1", refresh_token: "r1", expires_in: 60 }, 1000, "read") as RenewableRecord;
    const two = signedInRecord(CONN, { access_token: "a1", refresh_token: "r1" }, 1000, "read");
    expect(one.sign_in_id).toMatch(/^[0-9a-f]{32}$/);
    expect(two.sign_in_id).not.toBe(one.sign_in_id);
    expect(one).toMatchObject({ expires_at: 61_000, scope: "read", issuer: CONN.issuer, resource: CONN.resource });
    expect(two).not.toHaveProperty("expires_at");
    const marked = markedRecord(one, "h", 2000);
    expect(marked.refresh_in_flight).toEqual({ hash: "h", at: 2000 });
    expect(unmarkedRecord(marked)).toEqual(one);
    const next = renewedRecord(marked, { access_token: "a2", refresh_token: "r2", expires_in: 60 }, 3000);
    expect(next).toMatchObject({ access_token: "a2", refresh_token: "r2", sign_in_id: one.sign_in_id, expires_at: 63_000 });
    expect(next).not.toHaveProperty("refresh_in_flight");
    // A server that does not rotate: the refresh token stays; an empty one is none, never the old one.
    expect(renewedRecord(one, { access_token: "a3" }, 4000).refresh_token).toBe("r1");
    expect(renewedRecord(one, { access_token: "a3", refresh_token: "" }, 4000)).not.toHaveProperty("refresh_token");
  });

  test("no refresh token from the server: a record without one (nothing to mark)", () => {
    const rec = signedInRecord(CONN, { access_token: "a1", refresh_token: "" }, 1000, "read");
    expect(rec).not.toHaveProperty("refresh_token");
  });

  test("ended and token-less records keep the connection and the reason, never a token or the sign-in id", () => {
    const one = signedInRecord(CONN, { access_token: "a1", refresh_token: "r1" }, 1000, "read");
    expect(endedRecord(one, "signed_out", "revoked; sign in again", 5)).toEqual({ state: "signed_out", message: "revoked; sign in again", ...CONN, updated_at: 5 });
    const left = tokenLess(markedRecord(one as RenewableRecord, "h", 1));
    expect(JSON.stringify(left)).not.toMatch(/a1|r1|refresh_in_flight|sign_in_id/);
    expect(left.state).toBe("reauth_required");
  });

  test("the connection id is issuer|client|sign-in id, and null when not signed in", () => {
    // tokens that a hex sign-in id can never contain (a1/r1 were found in a random id one run in five)
    const one = signedInRecord(CONN, { access_token: "access-token-x", refresh_token: "refresh-token-x" }, 1000, "read");
    expect(connectionIdOf(one)).toBe(`oauth:${CONN.issuer}|c1|${one.sign_in_id}`);
    expect(connectionIdOf(one)).not.toMatch(/access-token-x|refresh-token-x/);
    expect(connectionIdOf(endedRecord(one, "reauth_required", "x", 1))).toBeNull();
    expect(connectionIdOf(null)).toBeNull();
  });
});
