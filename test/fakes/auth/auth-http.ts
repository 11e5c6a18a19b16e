/** How the fake authorization server reads requests and writes answers: JSON, OAuth errors, pages, redirects, CORS. */
import type { IncomingMessage, ServerResponse } from "http";
import { randomBytes } from "crypto";

export const b64url = (b: Buffer) => b.toString("base64").replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
/** `n` random bytes, base64url: ids, codes, tokens and secrets. */
export const rand = (n = 32) => b64url(randomBytes(n));

export function esc(s: string): string {
  return s.replace(/[&<>"'`=\/]/g, (c) => `&#${c.charCodeAt(0)};`);
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** CORS on every endpoint; `credentials` admits credentialed requests from the caller's origin. */
export function cors(req: IncomingMessage, res: ServerResponse, credentials = false): void {
  const origin = req.headers.origin;
  res.setHeader("Access-Control-Allow-Origin", typeof origin === "string" ? origin : "*");
  if (credentials && typeof origin === "string") res.setHeader("Access-Control-Allow-Credentials", "true");
  res.setHeader("Vary", "Origin");
  res.setHeader("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
  res.setHeader("Access-Control-Allow-Headers", "Authorization, Content-Type, DPoP, Accept");
  res.setHeader("Access-Control-Expose-Headers", "WWW-Authenticate, X-Quota-Remaining");
  res.setHeader("Access-Control-Max-Age", "600");
}

export function json(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  res.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store", Pragma: "no-cache", ...extra });
  res.end(JSON.stringify(body));
}

export function oauthError(res: ServerResponse, status: number, error: string, description: string): void {
  json(res, status, { error, error_description: description });
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { Location: location, "Cache-Control": "no-store" });
  res.end();
}

/** `location` with the answer's parameters (undefined ones left out) and the issuer (RFC 9207). */
export function withParams(location: string, params: Record<string, string | undefined>, issuer: string): string {
  const u = new URL(location);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) u.searchParams.set(k, v);
  u.searchParams.set("iss", issuer);
  return u.toString();
}

/** A page of the sign-in flow (the consent page or an error), framed by nobody. */
export function page(res: ServerResponse, status: number, title: string, bodyHtml: string): void {
  res.writeHead(status, {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
  });
  res.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title>
<style>
  body{font-family:"Segoe UI",system-ui,-apple-system,sans-serif;background:#f3f2f1;color:#201f1e;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
  main{background:#fff;border-radius:8px;box-shadow:0 2px 8px rgba(0,0,0,.12);padding:28px 32px;max-width:420px;width:calc(100% - 48px)}
  h1{font-size:20px;font-weight:600;margin:0 0 12px}
  p{line-height:1.45;margin:8px 0}
  .app{font-weight:600}
  .badge{display:inline-block;background:#fff4ce;color:#603d00;border-radius:4px;padding:2px 8px;font-size:12px;margin-bottom:12px}
  ul{padding-left:20px;margin:8px 0 16px}
  .buttons{display:flex;gap:8px;justify-content:flex-end;margin-top:20px}
  button{font:inherit;border-radius:4px;padding:8px 18px;cursor:pointer;border:1px solid #8a8886;background:#fff}
  button.primary{background:#0f6cbd;border-color:#0f6cbd;color:#fff}
  button:focus-visible{outline:2px solid #201f1e;outline-offset:2px}
  .muted{color:#605e5c;font-size:13px}
</style></head><body><main>${bodyHtml}</main></body></html>`);
}
