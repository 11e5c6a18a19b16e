/**
 * Token revocation (RFC 7009): at sign-out, and for the connection a new sign-in replaces. The
 * refresh token is revoked (the whole connection goes with it), or the access token when there is
 * none. A token marked "refresh in flight" is never presented, not even here: it may be rotated
 * already, and presenting a rotated token is a reuse.
 */
import * as oauth from "oauth4webapi";
import { AuthHttp, messageOf, plainOptions } from "./http";
import type { StoredServerMetadata } from "./store";
import type { TokenRecord } from "./token-record";

export interface Revocable {
  token: string;
  hint: "refresh_token" | "access_token";
  client_id: string;
  issuer: string;
}

/** What may be revoked of a record: nothing unless it is signed in and its refresh is not in flight. */
export function revocable(rec: TokenRecord | null): Revocable | null {
  if (!rec || rec.state !== "signed_in" || rec.refresh_in_flight) return null;
  const base = { client_id: rec.client_id, issuer: rec.issuer };
  return rec.refresh_token ? { ...base, token: rec.refresh_token, hint: "refresh_token" } : { ...base, token: rec.access_token, hint: "access_token" };
}

/** Revoke `what` at the server's revocation endpoint (throws when there is none, or it refuses). */
export async function revoke(http: AuthHttp, server: StoredServerMetadata, what: Revocable): Promise<void> {
  if (!server.revocation_endpoint) throw new Error("the server offers no revocation endpoint");
  http.stats.revocationsSent++;
  const res = await oauth.revocationRequest(server as oauth.AuthorizationServer, { client_id: what.client_id }, oauth.None(), what.token, {
    additionalParameters: { token_type_hint: what.hint },
    ...plainOptions(http, server.revocation_endpoint),
  });
  await oauth.processRevocationResponse(res);
}

/** Why a revocation failed, in the server's words when it gave an OAuth error. */
export function revocationFailure(e: unknown): string {
  return e instanceof oauth.ResponseBodyError ? e.error : messageOf(e);
}
