/**
 * An HTTP proxy in front of any authorization server (the fake one or oidc-provider) that injects
 * the refresh faults of the fault matrix and counts, from what it sees on the wire, every
 * presentation of a refresh token that was already rotated — independent of the server under test.
 *
 * Faults apply to the next refresh-token grant request (any path whose form body says
 * grant_type=refresh_token):
 *   "drop"        forward it, let the server rotate, then cut the client's connection (answer lost)
 *   "cut"         forward it, send the answer's status and headers, cut in the middle of the body
 *   "delay:<ms>"  forward it, hold the answer back (a client timeout, or time to kill the client)
 *   "500"         forward it, then answer 500 instead of the server's answer
 * and `refuse()` stops listening (connection refused: nothing can be sent) until `accept()`.
 * The Host header is passed through, so a server that derives its issuer from it names the proxy.
 */
import * as http from "http";
import type { AddressInfo } from "net";

export type ProxyFault = "drop" | "cut" | "500" | `delay:${number}`;

export interface FaultProxy {
  url: string;
  /** Where to forward to (may be set after start, e.g. once the server knows the proxy's URL). */
  target: string;
  /** The fault for the next refresh request (cleared when used). */
  next: ProxyFault | null;
  /** Refresh tokens presented again after the server had rotated them (the self-revocations). */
  rotatedPresentations: number;
  /** Refresh requests that reached the server through the proxy, and how many it answered with a new token. */
  refreshRequests: number;
  rotations: number;
  /** Resolves when the next rotation has happened at the server (its answer may still be held). */
  rotated(): Promise<void>;
  refuse(): Promise<void>;
  accept(): Promise<void>;
  close(): Promise<void>;
}

async function body(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Forward one request as-is (Host header included) and read the whole answer. */
function forward(url: URL, req: http.IncomingMessage, reqBody: Buffer): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = { ...req.headers, "content-length": String(reqBody.length) };
    delete headers.connection;
    const up = http.request(url, { method: req.method, headers, agent: false }, (r) => {
      const chunks: Buffer[] = [];
      r.on("data", (c: Buffer) => chunks.push(c));
      r.on("end", () => resolve({ status: r.statusCode ?? 502, headers: r.headers, body: Buffer.concat(chunks) }));
      r.on("error", reject);
    });
    up.on("error", reject);
    up.end(reqBody);
  });
}

/** Whether the server's answer to a refresh with `presented` handed out another refresh token. */
function rotated(presented: string, resBody: Buffer): boolean {
  try {
    const next = (JSON.parse(resBody.toString("utf8")) as { refresh_token?: string }).refresh_token;
    return !!next && next !== presented;
  } catch {
    return false; // not JSON: not a rotation
  }
}

type Upstream = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** Answer the client: the fault asked for (drop, cut, 500, delay), else the server's answer as it came. */
async function answer(fault: ProxyFault | null, upstream: Upstream, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const resBody = upstream.body;
  if (fault === "drop") {
    req.socket.destroy();
    return;
  }
  if (fault === "cut") {
    res.writeHead(upstream.status, { "Content-Type": "application/json", "Content-Length": String(resBody.length + 100) });
    res.write(resBody.subarray(0, 20));
    setTimeout(() => req.socket.destroy(), 20);
    return;
  }
  if (fault === "500") {
    res.writeHead(500, { "Content-Type": "application/json" }).end('{"error":"server_error"}');
    return;
  }
  if (fault?.startsWith("delay:")) await new Promise((r) => setTimeout(r, Number(fault.slice(6))));
  if (res.destroyed || req.socket.destroyed) return;
  const out = { ...upstream.headers };
  delete out["content-length"];
  delete out["transfer-encoding"];
  delete out["connection"];
  res.writeHead(upstream.status, out);
  res.end(resBody);
}

export async function startFaultProxy(target = ""): Promise<FaultProxy> {
  const rotatedTokens = new Set<string>();
  let waiters: Array<() => void> = [];
  const sockets = new Set<import("net").Socket>();
  const p: FaultProxy = {
    url: "",
    target,
    next: null,
    rotatedPresentations: 0,
    refreshRequests: 0,
    rotations: 0,
    rotated: () => new Promise<void>((r) => waiters.push(r)),
    refuse: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
    accept: () => new Promise<void>((r) => server.listen(port, "127.0.0.1", () => r())),
    close: async () => {
      for (const s of sockets) s.destroy();
      if (server.listening) await new Promise<void>((r) => server.close(() => r()));
    },
  };

  const server = http.createServer(async (req, res) => {
    try {
      const reqBody = await body(req);
      const form = /x-www-form-urlencoded/.test(String(req.headers["content-type"] ?? "")) ? new URLSearchParams(reqBody.toString("utf8")) : null;
      const presented = form?.get("grant_type") === "refresh_token" ? form.get("refresh_token") : /revo/.test(req.url ?? "") ? form?.get("token") ?? null : null;
      if (presented && rotatedTokens.has(presented)) p.rotatedPresentations++;
      const isRefresh = form?.get("grant_type") === "refresh_token";
      const fault = isRefresh ? p.next : null;
      if (fault) p.next = null;
      if (isRefresh) p.refreshRequests++;

      const upstream = await forward(new URL(req.url ?? "/", p.target), req, reqBody);
      const resBody = upstream.body;
      if (isRefresh && upstream.status === 200 && presented && rotated(presented, resBody)) {
        rotatedTokens.add(presented);
        p.rotations++;
        const w = waiters;
        waiters = [];
        for (const f of w) f();
      }
      await answer(fault, upstream, req, res);
    } catch (e) {
      if (!res.headersSent) res.writeHead(502, { "Content-Type": "text/plain" }).end(String(e));
    }
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  server.keepAliveTimeout = 500;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const port = (server.address() as AddressInfo).port;
  p.url = `http://127.0.0.1:${port}`;
  return p;
}
