/**
 * The authorization code grant (RFC 6749 4.1.3 with the PKCE verifier): exactly once per attempt.
 * The attempt is spent before the request goes out, and nothing is retried whatever happens: a code
 * presented twice revokes the connection it created.
 */
import * as oauth from "oauth4webapi";
import type { PendingSignIn } from "./authorization";
import { SignInError } from "./errors";
import { AuthHttp, messageOf, readTokenAnswer, sendTokenRequest, tokenOptions } from "./http";

interface ExchangeOptions {
  http: AuthHttp;
  /** The server no longer knows the client (invalid_client): drop the kept registration. */
  forgetClient: (issuer: string) => Promise<void>;
}

/** Exchange the code of a checked authorization response; a SignInError for every failure. */
export async function exchangeCode(o: ExchangeOptions, pending: PendingSignIn, params: URLSearchParams): Promise<oauth.TokenEndpointResponse> {
  const { as } = pending;
  const endpoint = as.token_endpoint;
  const client: oauth.Client = { client_id: pending.clientId };
  // Spend the attempt before anything goes out: a code is presented at most once.
  pending.used = true;
  o.http.stats.codeExchangesSent++;
  const sent = await sendTokenRequest(o.http, endpoint, () =>
    oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, pending.redirectUri, pending.codeVerifier, {
      additionalParameters: { resource: pending.resource },
      ...tokenOptions(o.http, endpoint),
    })
  );
  if (sent.kind === "not_sent") {
    throw new SignInError("exchange_failed", `Could not reach the sign-in server (${messageOf(sent.error)}); sign in again`, { cause: sent.error });
  }
  if (sent.kind === "lost") {
    throw new SignInError("exchange_ambiguous", "No answer from the sign-in server while finishing sign-in; sign in again", { cause: sent.error });
  }
  const answer = await readTokenAnswer(sent.res, (res) => oauth.processAuthorizationCodeResponse(as, client, res));
  switch (answer.kind) {
    case "tokens":
      return answer.tokens;
    case "refused":
      if (answer.error === "invalid_client") {
        await o.forgetClient(pending.issuer).catch(() => undefined);
        throw new SignInError("invalid_client", "The sign-in server no longer knows this app; sign in again to register it", { cause: answer.cause });
      }
      throw new SignInError("exchange_failed", `The sign-in server refused the sign-in (${answer.error}); sign in again`, { cause: answer.cause });
    default:
      throw new SignInError("exchange_ambiguous", "Unexpected answer from the sign-in server while finishing sign-in; sign in again", {
        cause: answer.kind === "unexpected" ? answer.error : undefined,
      });
  }
}
