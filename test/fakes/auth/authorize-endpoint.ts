/**
 * The authorization endpoint: GET /oauth/authorize checks the request (known client, exact
 * redirect URI, response_type code, PKCE S256, scope `read`, resource `{issuer}/mcp`) and shows the
 * consent page (no password: a sandbox); POST /oauth/authorize is the page's answer and redirects
 * with a single-use code or access_denied. `autoApprove` skips the page.
 */
import type { IncomingMessage, ServerResponse } from "http";
import { esc, page, rand, readBody, redirect, withParams } from "./auth-http";
import type { AuthContext } from "./auth-context";
import type { ClientRegistry, FakeClient } from "./client-registry";

interface CodeGrant {
  code: string;
  clientId: string;
  redirectUri: string;
  challenge: string;
  scope: string;
  resource: string;
  expiresAt: number;
  used: boolean;
  connectionId?: string;
}

/** A sign-in waiting for the user's answer on the consent page. */
interface Txn {
  id: string;
  clientId: string;
  redirectUri: string;
  state?: string;
  challenge: string;
  scope: string;
  resource: string;
}

export class Grants {
  readonly codes = new Map<string, CodeGrant>();
  readonly txns = new Map<string, Txn>();

  constructor(private readonly ctx: AuthContext) {}

  issueCode(txn: Txn): Record<string, string | undefined> {
    const code = `svc_code_${rand(24)}`;
    this.codes.set(code, {
      code,
      clientId: txn.clientId,
      redirectUri: txn.redirectUri,
      challenge: txn.challenge,
      scope: txn.scope,
      resource: txn.resource,
      expiresAt: this.ctx.now() + this.ctx.codeTtl,
      used: false,
    });
    return { code, state: txn.state };
  }

  clear(): void {
    this.codes.clear();
    this.txns.clear();
  }
}

const signInError = (res: ServerResponse, heading: string, text: string) => page(res, 400, "Sign-in error", `<h1>${heading}</h1><p>${text}</p>`);

/** GET /oauth/authorize. */
export function authorizeGet(ctx: AuthContext, clients: ClientRegistry, grants: Grants, req: IncomingMessage, res: ServerResponse, url: URL): void {
  const p = url.searchParams;
  const client = clients.get(p.get("client_id") ?? "");
  if (!client) return signInError(res, "Unknown application", "This sign-in link names an application the service does not know.");
  const redirectUri = p.get("redirect_uri") ?? "";
  if (!client.redirect_uris.includes(redirectUri)) {
    return signInError(res, "Wrong return address", "The application asked to return to an address it did not register.");
  }
  const iss = ctx.issuerOf(req);
  const back = (params: Record<string, string | undefined>) => withParams(redirectUri, params, iss);
  const state = p.get("state") ?? undefined;
  const fail = (error: string, desc: string) => redirect(res, back({ error, error_description: desc, state }));
  if (p.get("response_type") !== "code") return fail("unsupported_response_type", "response_type must be code");
  const challengeValue = p.get("code_challenge");
  if (!challengeValue || p.get("code_challenge_method") !== "S256" || !/^[A-Za-z0-9_-]{43}$/.test(challengeValue)) {
    return fail("invalid_request", "PKCE with code_challenge_method S256 is required");
  }
  const scope = p.get("scope") ?? "read";
  if (scope.split(" ").some((s) => s !== "read")) return fail("invalid_scope", "the only scope is read");
  const resource = p.get("resource") ?? `${iss}/mcp`;
  if (resource !== `${iss}/mcp`) return fail("invalid_target", `resource must be ${iss}/mcp`);
  const txn: Txn = { id: rand(18), clientId: client.client_id, redirectUri, state, challenge: challengeValue, scope: "read", resource };
  if (ctx.opts.autoApprove) return redirect(res, back(grants.issueCode(txn)));
  grants.txns.set(txn.id, txn);
  consentPage(res, client, txn, `${ctx.appUrlOf(req)}/oauth/authorize`);
}

function consentPage(res: ServerResponse, client: FakeClient, txn: Txn, action: string): void {
  const name = client.client_name ?? "An application";
  page(
    res,
    200,
    "Allow access",
    `<span class="badge">Sandbox sign-in &middot; no password</span>
<h1>Allow <span class="app">${esc(name)}</span> to read your Company Data?</h1>
<p>It will be able to:</p>
<ul><li>call the data tools (read only)</li></ul>
<p class="muted">It will not see your highlights, watchlists or billing. You can disconnect it at any time.</p>
<p class="muted">Returning to: ${esc(new URL(txn.redirectUri).origin)}</p>
<form method="post" action="${esc(action)}">
  <input type="hidden" name="txn" value="${esc(txn.id)}">
  <div class="buttons">
    <button type="submit" name="decision" value="deny">Deny</button>
    <button type="submit" name="decision" value="allow" class="primary" autofocus>Allow</button>
  </div>
</form>`,
  );
}

/** POST /oauth/authorize: the consent page's answer. */
export async function authorizePost(ctx: AuthContext, grants: Grants, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const form = new URLSearchParams(await readBody(req));
  const txn = grants.txns.get(form.get("txn") ?? "");
  if (!txn) return signInError(res, "This sign-in has expired", "Close this window and start again.");
  grants.txns.delete(txn.id);
  const params = form.get("decision") === "allow" ? grants.issueCode(txn) : { error: "access_denied", error_description: "The user denied access", state: txn.state };
  redirect(res, withParams(txn.redirectUri, params, ctx.issuerOf(req)));
}
