/**
 * Where each request of the fake API goes: the mounted extra routes (the fake OAuth server), the
 * loopback controls, CORS preflight, the unauthenticated documents (tool catalogue, dictionary,
 * OpenAPI, protected-resource metadata), the tool calls, /mcp (its 401 challenge only) and the
 * sandbox's HTML pages.
 */
import type * as http from "http";
import { catalogueBody, dictionaryBody, openApiBody } from "./docs";
import { sandboxPage } from "./tools";
import { authenticate } from "./credentials";
import { control, isControlPath } from "./control";
import { toolCall } from "./tool-call";
import { sendJson, setCors } from "./reply";
import type { ApiState } from "./state";

const PREFIX = "/api/public/v1/";

export async function route(s: ApiState, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", s.base);
  setCors(req, res, s.origins);
  if (s.opts.routes && (await s.opts.routes(req, res, url))) return;
  if (s.opts.controlEndpoint && isControlPath(url.pathname)) return control(s, req, res, url);
  if (req.method === "OPTIONS") {
    res.writeHead(204, {
      "Access-Control-Allow-Headers": "Authorization, Content-Type",
      "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
      "Access-Control-Max-Age": "600",
    });
    res.end();
    return;
  }
  const path = url.pathname.replace(/\/+$/, "") || "/";
  if (document(s, res, path)) return;
  if (path.startsWith(PREFIX)) return toolCall(s, req, res, url, decodeURIComponent(path.slice(PREFIX.length)));
  if (path === "/mcp") return mcp(s, req, res);
  if (req.method === "GET" && !path.startsWith("/api/") && !path.startsWith("/.well-known/") && !path.startsWith("/oauth/")) {
    const html = sandboxPage(path, s.base);
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": Buffer.byteLength(html) });
    res.end(html);
    return;
  }
  sendJson(res, 404, { detail: "Not Found" });
}

/** The documents anyone may read; false when `path` is none of them. */
function document(s: ApiState, res: http.ServerResponse, path: string): boolean {
  const base = s.base;
  if (path === "/api/public/v1/tools") sendJson(res, 200, catalogueBody());
  else if (path === "/api/public/v1/dictionary") sendJson(res, 200, dictionaryBody());
  else if (path === "/api/public/v1/openapi.json") sendJson(res, 200, openApiBody(base));
  else if (path === "/.well-known/oauth-protected-resource/mcp" || path === "/.well-known/oauth-protected-resource")
    sendJson(res, 200, { resource: `${base}/mcp`, authorization_servers: [base], scopes_supported: ["read"], bearer_methods_supported: ["header"] });
  else return false;
  return true;
}

/** The MCP transport is not simulated; unauthenticated requests still get the 401 a client discovers OAuth from. */
async function mcp(s: ApiState, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const auth = await authenticate(req, s.apiKeys, s.opts.validateToken);
  if (!auth.ok) return sendJson(res, 401, { detail: auth.detail }, { "WWW-Authenticate": s.wwwAuthenticate() });
  return sendJson(res, 501, { detail: "The sandbox does not implement the MCP transport; use the REST API" });
}
