/**
 * Client registration (RFC 7591, oauth4webapi's dynamicClientRegistrationRequest): once per issuer,
 * kept in the store, because the API allows 10 new registrations an hour per address. A build or an
 * environment with a pre-registered client id (SVC_CLIENT_ID) never registers.
 */
import * as oauth from "oauth4webapi";
import { isLoopbackHttp } from "../platform";
import { serverMetadata } from "./discovery";
import { SignInError } from "./errors";
import { AuthHttp, messageOf, plainOptions } from "./http";
import type { ClientRegistration, TokenStore } from "./store";

export const SCOPE = "read";

export interface RegistrationOptions {
  store: TokenStore;
  /** Runs `fn` holding the credentials lock (every write of the store goes through it). */
  locked: <T>(fn: () => Promise<T>) => Promise<T>;
  http: AuthHttp;
  now: () => number;
  /** A pre-registered client id: no registration at all. */
  clientId?: string;
  clientName?: string;
  /** Redirect URIs to register together (the CLI's fixed loopback ports): one registration serves them all. */
  registerRedirectUris?: string[];
}

/** The client to sign in with at `as` for `redirectUri`: the kept one, or a new registration. */
export async function ensureClient(o: RegistrationOptions, as: oauth.AuthorizationServer, redirectUri: string): Promise<ClientRegistration> {
  if (o.clientId) {
    return { issuer: as.issuer, client_id: o.clientId, redirect_uris: [redirectUri], registered_at: 0, server: serverMetadata(as) };
  }
  return o.locked(async () => {
    const known = await o.store.getClient(as.issuer);
    if (known && known.redirect_uris.includes(redirectUri)) return refreshServer(o.store, known, as);
    const reg = await register(o, as, redirectUri);
    // Registered but not kept: this sign-in can still finish; the next one registers again.
    await o.store.setClient(reg).catch(() => undefined);
    return reg;
  });
}

/** Keep the server metadata kept with a registration up to date (endpoints may move). */
async function refreshServer(store: TokenStore, known: ClientRegistration, as: oauth.AuthorizationServer): Promise<ClientRegistration> {
  const server = serverMetadata(as);
  if (JSON.stringify(known.server) !== JSON.stringify(server)) {
    known.server = server;
    await store.setClient(known).catch(() => undefined);
  }
  return known;
}

/** One registration for every address this app may listen on (registrations are scarce). */
async function register(o: RegistrationOptions, as: oauth.AuthorizationServer, redirectUri: string): Promise<ClientRegistration> {
  if (!as.registration_endpoint) throw new SignInError("registration_failed", "The sign-in server offers no client registration");
  const uris = [...new Set([...(o.registerRedirectUris ?? []), redirectUri])];
  o.http.stats.registrationsSent++;
  let answer: oauth.OmitSymbolProperties<oauth.Client>;
  try {
    const res = await oauth.dynamicClientRegistrationRequest(as, clientMetadata(o, uris, redirectUri), plainOptions(o.http, as.registration_endpoint));
    if (res.status === 429) throw new Error("too many registrations from this address; try again within the hour");
    answer = await oauth.processDynamicClientRegistrationResponse(res);
  } catch (e) {
    const why = e instanceof oauth.ResponseBodyError ? `${e.error}${e.error_description ? `: ${e.error_description}` : ""}` : messageOf(e);
    throw new SignInError("registration_failed", `Could not register this app with the sign-in server (${why})`, { cause: e });
  }
  const registered = Array.isArray(answer.redirect_uris) ? (answer.redirect_uris as string[]) : uris;
  return {
    issuer: as.issuer,
    client_id: answer.client_id,
    redirect_uris: registered.includes(redirectUri) ? registered : [...registered, redirectUri],
    registered_at: o.now(),
    server: serverMetadata(as),
  };
}

function clientMetadata(o: RegistrationOptions, uris: string[], redirectUri: string): Partial<oauth.OmitSymbolProperties<oauth.Client>> {
  return {
    client_name: o.clientName ?? "SVC for Excel",
    redirect_uris: uris,
    token_endpoint_auth_method: "none",
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    scope: SCOPE,
    // OpenID DCR: a loopback redirect is a native app's (RFC 8252).
    application_type: isLoopbackHttp(redirectUri) ? "native" : "web",
  };
}
