/** How the fake API writes its answers: JSON bodies, CORS headers, and request bodies read whole. */
import type * as http from "http";

export const JSON_TYPE = "application/json; charset=utf-8";

export type Headers = Record<string, string>;

/** A JSON answer, unless the answer was already written or the client is gone. */
export function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Headers = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": JSON_TYPE, "Content-Length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** CORS on every answer; WWW-Authenticate is exposed too so a browser client can discover OAuth. */
export function setCors(req: http.IncomingMessage, res: http.ServerResponse, origins: string[] | "*"): void {
  const origin = req.headers.origin;
  if (origins === "*") res.setHeader("Access-Control-Allow-Origin", "*");
  else {
    res.setHeader("Vary", "Origin");
    if (origin && origins.includes(origin)) res.setHeader("Access-Control-Allow-Origin", origin);
  }
  res.setHeader("Access-Control-Expose-Headers", "X-Quota-Remaining, WWW-Authenticate");
}

/** A request body parsed as JSON (an empty body is `{}`); `ok: false` when it is not JSON. */
export async function readJson(req: http.IncomingMessage): Promise<{ ok: true; value: unknown } | { ok: false }> {
  const text = await new Promise<string>((resolve) => {
    let t = "";
    req.on("data", (c) => (t += c));
    req.on("end", () => resolve(t));
  });
  try {
    return { ok: true, value: text.trim() ? JSON.parse(text) : {} };
  } catch {
    return { ok: false };
  }
}
