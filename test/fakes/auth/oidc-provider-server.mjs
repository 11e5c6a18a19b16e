/**
 * A real, independent authorization server for tests and acceptance checks: oidc-provider 9
 * configured the way the Company Data API's server behaves — dynamic client registration, PKCE S256
 * required, refresh tokens rotating on every use (a used one presented again revokes the grant),
 * resource indicators with opaque access tokens, scope `read`, revocation.
 *
 * Sign-in needs no browser: /interaction/:uid signs in "sandbox-user" and grants what was asked
 * (AUTO_CONSENT=0 shows a minimal Allow form instead). Follow the authorization URL with any HTTP
 * client that keeps cookies (curl -L -c jar -b jar URL).
 *
 *   node test/fakes/auth/oidc-provider-server.mjs [--port N]
 *   env: PORT, ACCESS_TTL (s, default 3600), RESOURCE (only this resource; default: any http(s) URL),
 *        ISSUER (when served behind a proxy that forwards to this process)
 *
 * Prints one JSON line on stdout once listening: {"issuer":"http://127.0.0.1:<port>","listen":"..."}.
 * Test-only helpers: GET /_test/validate?token=... -> {"active":bool}; GET /_test/stats.
 */
import http from "node:http";
import Provider, { errors } from "oidc-provider";

const argPort = process.argv.indexOf("--port");
const port = Number(argPort > 0 ? process.argv[argPort + 1] : process.env.PORT ?? 0);
const accessTtl = Number(process.env.ACCESS_TTL ?? 3600);
const onlyResource = process.env.RESOURCE || null;
const autoConsent = process.env.AUTO_CONSENT !== "0";

const stats = { refreshes: 0, codeExchanges: 0, revocations: 0, reuseRevocations: 0, registrations: 0, grantsRevoked: 0 };

const server = http.createServer();
await new Promise((r) => server.listen(port, "127.0.0.1", r));
const listen = `http://127.0.0.1:${server.address().port}`;
// ISSUER: served behind a proxy (the fault matrix's) that forwards to `listen`.
const issuer = (process.env.ISSUER || listen).replace(/\/+$/, "");

const provider = new Provider(issuer, {
  clients: [],
  clientDefaults: {
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: "none",
  },
  responseTypes: ["code"],
  scopes: ["openid", "offline_access", "read"],
  pkce: { required: () => true },
  features: {
    devInteractions: { enabled: false },
    registration: { enabled: true },
    revocation: { enabled: true },
    introspection: { enabled: false },
    resourceIndicators: {
      enabled: true,
      defaultResource: async (_ctx, _client, oneOf) => oneOf ?? onlyResource ?? undefined,
      useGrantedResource: async () => true,
      getResourceServerInfo: async (_ctx, resourceIndicator) => {
        if (onlyResource && resourceIndicator !== onlyResource) throw new errors.InvalidTarget();
        if (!/^https?:\/\//.test(resourceIndicator)) throw new errors.InvalidTarget();
        return { scope: "read", accessTokenFormat: "opaque", accessTokenTTL: accessTtl };
      },
    },
  },
  issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
  rotateRefreshToken: true,
  expiresWithSession: async () => false,
  ttl: {
    AccessToken: accessTtl,
    AuthorizationCode: 600,
    RefreshToken: 30 * 24 * 3600,
    Grant: 30 * 24 * 3600,
    Session: 24 * 3600,
    Interaction: 3600,
  },
  cookies: { keys: ["svc-test-cookie-key-not-a-secret"] },
  findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub }) }),
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  renderError: async (ctx, out) => {
    ctx.type = "text/plain; charset=utf-8";
    ctx.body = `${out.error}: ${out.error_description ?? ""}`;
  },
});

provider.on("grant.success", (ctx) => {
  const gt = ctx.oidc.params?.grant_type;
  if (gt === "refresh_token") stats.refreshes++;
  if (gt === "authorization_code") stats.codeExchanges++;
});
provider.on("grant.revoked", () => {
  stats.grantsRevoked++;
});
provider.on("grant.error", (_ctx, err) => {
  if (/already (used|consumed)/.test(err?.error_description ?? err?.message ?? "")) stats.reuseRevocations++;
});
provider.on("registration_create.success", () => {
  stats.registrations++;
});

async function finishInteraction(req, res, details) {
  const { prompt, params, session } = details;
  if (prompt.name === "login") {
    return provider.interactionFinished(req, res, { login: { accountId: "sandbox-user" } }, { mergeWithLastSubmission: false });
  }
  const grant = details.grantId
    ? await provider.Grant.find(details.grantId)
    : new provider.Grant({ accountId: session.accountId, clientId: params.client_id });
  const missing = prompt.details ?? {};
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(" "));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes.join(" "));
  }
  const grantId = await grant.save();
  return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}

const callback = provider.callback();
server.on("request", async (req, res) => {
  const url = new URL(req.url ?? "/", issuer);
  try {
    if (url.pathname === "/_test/validate") {
      const token = url.searchParams.get("token") ?? "";
      const at = token ? await provider.AccessToken.find(token) : undefined;
      let active = !!at && !at.isExpired;
      if (active && at.grantId) active = !!(await provider.Grant.find(at.grantId));
      res.writeHead(200, { "Content-Type": "application/json" });
      return res.end(JSON.stringify({ active }));
    }
    if (url.pathname === "/_test/stats") {
      res.writeHead(200, { "Content-Type": "application/json" });
      return res.end(JSON.stringify(stats));
    }
    if (req.method === "POST" && url.pathname === "/token/revocation") stats.revocations++;
    const m = /^\/interaction\/([^/]+)(\/allow)?$/.exec(url.pathname);
    if (m) {
      const details = await provider.interactionDetails(req, res);
      if (autoConsent || (m[2] && req.method === "POST")) return await finishInteraction(req, res, details);
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      return res.end(
        `<!doctype html><meta charset="utf-8"><title>Allow</title><h1>Allow access (read)?</h1>` +
          `<form method="post" action="/interaction/${encodeURIComponent(details.uid)}/allow"><button>Allow</button></form>`
      );
    }
    return callback(req, res);
  } catch (e) {
    if (!res.headersSent) {
      res.writeHead(500, { "Content-Type": "text/plain" });
      res.end(String(e?.stack ?? e));
    }
  }
});

process.stdout.write(JSON.stringify({ issuer, listen }) + "\n");
const stop = () => server.close(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
