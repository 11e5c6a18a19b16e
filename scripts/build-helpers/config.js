"use strict";
/**
 * Build-time configuration of the add-in, from the environment. One place decides the defaults:
 * the local sandbox that `npm start` runs (fake API + sign-in page on 127.0.0.1:8787) and the
 * development origin of the add-in (https://localhost:3000, what Office sideloading expects).
 *
 *   SVC_BASE_URL   the Company Data API ({base_url}: REST, token, register, revoke)
 *   SVC_APP_URL    the sign-in consent page's address ({app_url}/oauth/authorize)
 *   SVC_ADDIN_URL  where dist/ is hosted (manifest URLs, dialog pages, OAuth redirect URI)
 *   SVC_CLIENT_ID  optional: a client id registered in advance for {addin_url}/auth/callback.html;
 *                  the add-in then never uses dynamic registration (10 an hour per address)
 */
const SANDBOX_PORT = 8787;
const DEFAULTS = {
  baseUrl: `http://127.0.0.1:${SANDBOX_PORT}`,
  appUrl: `http://127.0.0.1:${SANDBOX_PORT}`,
  addinUrl: "https://localhost:3000",
};

function normaliseUrl(name, raw) {
  let u;
  try {
    u = new URL(raw);
  } catch {
    throw new Error(`${name} is not a URL: ${JSON.stringify(raw)}`);
  }
  if (u.protocol !== "https:" && u.protocol !== "http:") throw new Error(`${name} must be http(s): ${raw}`);
  if (u.search || u.hash) throw new Error(`${name} must not carry a query or fragment: ${raw}`);
  return u.toString().replace(/\/+$/, "");
}

function isLoopback(url) {
  const h = new URL(url).hostname;
  return h === "127.0.0.1" || h === "localhost" || h === "[::1]";
}

/** @returns {{baseUrl:string, appUrl:string, addinUrl:string, clientId?:string}} */
function addinConfig(env = process.env) {
  const cfg = {
    baseUrl: normaliseUrl("SVC_BASE_URL", env.SVC_BASE_URL || DEFAULTS.baseUrl),
    appUrl: normaliseUrl("SVC_APP_URL", env.SVC_APP_URL || env.SVC_BASE_URL || DEFAULTS.appUrl),
    addinUrl: normaliseUrl("SVC_ADDIN_URL", env.SVC_ADDIN_URL || DEFAULTS.addinUrl),
  };
  // Office loads add-ins and dialogs over https only; plain http is accepted for loopback sandboxes.
  for (const [k, v] of Object.entries(cfg)) {
    if (!v.startsWith("https:") && !isLoopback(v)) throw new Error(`${k} must be https unless it is a loopback address: ${v}`);
  }
  if (!cfg.addinUrl.startsWith("https:")) throw new Error(`SVC_ADDIN_URL must be https (Office requires it): ${cfg.addinUrl}`);
  const clientId = (env.SVC_CLIENT_ID || "").trim();
  if (clientId) {
    if (!/^[\x21-\x7e]{1,255}$/.test(clientId)) throw new Error("SVC_CLIENT_ID must be printable ASCII without spaces");
    cfg.clientId = clientId;
  }
  return cfg;
}

module.exports = { addinConfig, DEFAULTS, SANDBOX_PORT, isLoopback };
