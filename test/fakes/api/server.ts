/**
 * The fake Company Data API (spec: docs/api-spec.md): strict enough that a client
 * bug fails loudly, and friendly enough to be the local sandbox that `npm start` serves.
 *
 * - `GET /api/public/v1/<tool>` for the tools the vendored spec lists (docs/api-spec.md, read by ./rules), with Bearer auth (API keys
 *   svc_live_ + 43 alphanumerics, or OAuth access tokens accepted by `validateToken`), 402/503
 *   switches, one call at a time per credential (429), a daily quota per credential (429 at zero,
 *   `X-Quota-Remaining` on success), strict parameters (400, or FastAPI-style 422), CORS.
 * - Unauthenticated: tool catalogue, dictionary, OpenAPI document, protected-resource metadata.
 * - Faults for soak tests, a request log with performance.now() timestamps, overlap counters.
 *
 * Choices where the spec is silent (documented for the engine's authors):
 * - Quota: only successful calls consume quota unless `countRejected` (then 400/404/422/429 answers to
 *   an authenticated credential consume too; 401 never does). Injected faults that look like a 200
 *   to the server ("malformed", "non_json", "drop") consume quota; "hang", "500", "503" and the 429
 *   faults do not.
 * - A call is "in flight" from arrival until its answer is written; a call whose client disconnects
 *   while the server is still working stays in flight until the work is done (as on a real server),
 *   except a "hang" fault, which ends when the client disconnects.
 * - `validateToken` may return a string instead of `true`: the connection id that quota and
 *   concurrency are counted against (a connection's tokens share one quota, spec "Limits").
 * - Access-Control-Expose-Headers also lists WWW-Authenticate so browser clients can discover OAuth.
 *
 * Outages (./outage.ts), set with the `outage` option at start, `setOutage()` in-process, or
 * POST /__fake/control from loopback (`controlEndpoint: true`, as the sandbox server runs, ./control.ts),
 * answer every tool call before authentication, one-call-at-a-time and quota. Unauthenticated documents
 * (catalogue, dictionary, OpenAPI) keep answering. `requests()` counts tool requests received
 * (outage answers included) since start or reset().
 *
 * `hostile` (./hostile.ts) poisons every tool answer's free text and links and adds the hostile
 * tickers (huge, deep, many-row, redirecting and Retry-After-forever answers); `hostileStats` counts
 * what those cost the server.
 *
 * The parts: ./routes.ts (where a request goes), ./tool-call.ts (the gates of a tool call, in order),
 * ./credentials.ts, ./traffic.ts (request log, in-flight and overlap counts), ./quota.ts, ./faults.ts,
 * ./outage.ts, ./control.ts, ./state.ts (one server's state); this file starts a server and hands out
 * its test handle.
 */
import * as http from "http";
import { warmUp } from "./tools";
import { HostileStats } from "./hostile";
import { SandboxEdits } from "./edits";
import { MESSAGES } from "./messages";
import { sendJson } from "./reply";
import { route } from "./routes";
import { ApiState, FakeApiOptions } from "./state";
import type { Fault } from "./faults";
import { Outage, OutageSetting, checkOutage } from "./outage";
import type { RequestLogEntry } from "./traffic";

export type { FakeApiOptions } from "./state";
export type { Outage } from "./outage";
export { GATEWAY_429_HTML } from "./outage";
export { CONTROL_PATH } from "./control";
export { SANDBOX_API_KEY } from "./credentials";

export interface FakeApi {
  url: string;
  server: http.Server;
  log: RequestLogEntry[];
  calls(): number;
  maxConcurrent(): number;
  overlaps(): number;
  setLatency(ms: number): void;
  setMode(m: { paymentRequired?: boolean; unavailable?: boolean }): void;
  setQuota(remaining: number, credential?: string): void;
  quotaRemaining(credential: string): number;
  injectFaults(faults: Fault[]): void;
  setFaultRate(rate: number, kinds: Fault[], seed?: number): void;
  /** Start (mode) or end (null) an outage; see the header comment. */
  setOutage(mode: Outage | null, opts?: { retryAfterSeconds?: number }): void;
  outage(): OutageSetting;
  /** Tool requests received since start or reset(), whatever they were answered with. */
  requests(): number;
  /** From now on every get_financials value is the original times `factor` (1: as filed); see restate.ts. */
  restate(factor: number): void;
  /** What the hostile tickers cost (all zero unless `hostile`). */
  hostileStats: HostileStats;
  /** Test controls: a value restated by a 10-K/A, a newer fiscal year, a new insider-feed row (./edits.ts). */
  edits: SandboxEdits;
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeApi(opts: FakeApiOptions = {}): Promise<FakeApi> {
  const s = new ApiState(opts);
  const host = opts.host ?? "127.0.0.1";
  warmUp();
  const server = http.createServer((req, res) => {
    route(s, req, res).catch((e) => {
      if (!res.headersSent && !res.destroyed) sendJson(res, 500, { detail: `${MESSAGES.internal}: ${(e as Error)?.message ?? e}` });
    });
  });
  server.on("connection", (sock) => {
    s.sockets.add(sock);
    sock.on("close", () => s.sockets.delete(sock));
  });
  const port = await listen(server, opts.port ?? 0, host);
  s.base = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  return facade(s, server);
}

/** Listen on `port` (0: any free port); the port listened on. */
async function listen(server: http.Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const addr = server.address();
  return typeof addr === "object" && addr ? addr.port : port;
}

function facade(s: ApiState, server: http.Server): FakeApi {
  const { traffic, quotas, faults } = s;
  return {
    url: s.base,
    server,
    log: traffic.log,
    calls: () => traffic.log.length,
    maxConcurrent: () => traffic.maxConcurrent,
    overlaps: () => traffic.overlaps,
    setLatency(ms) {
      s.latency = Math.max(0, ms);
    },
    setMode: (m) => s.setMode(m),
    setQuota: (remaining, credential) => quotas.set(remaining, credential),
    quotaRemaining: (credential) => quotas.remaining(credential),
    injectFaults: (list) => faults.inject(list),
    setFaultRate: (rate, kinds, seed) => faults.setRate(rate, kinds, seed),
    setOutage(mode, o = {}) {
      s.outage = checkOutage({ mode, retryAfterSeconds: o.retryAfterSeconds });
    },
    outage: () => ({ ...s.outage }),
    requests: () => traffic.received,
    restate(factor) {
      s.restatement = factor;
    },
    hostileStats: s.hostileStats,
    edits: s.edits,
    reset: () => s.reset(),
    close: () => s.close(server),
  };
}
