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
 * Outages (an infrastructure failure in front of the API, for the engine's fault bench), set with the
 * `outage` option at start, `setOutage()` in-process, or POST /__fake/control from loopback
 * (`controlEndpoint: true`, as the sandbox server runs): every tool call is answered, before
 * authentication, one-call-at-a-time and quota (none of which it touches), with
 *   "429-text": 429 {"detail":"Rate limit exceeded"} (a rate limiter the client does not know),
 *   "429-html": 429 text/html gateway page,
 *   "503":      503 {"detail": "<the switched-off message>"},
 *   "hang":     no answer at all until the client gives up or close() runs;
 * plus `Retry-After: <seconds>` when `retryAfterSeconds` is given. Unauthenticated documents
 * (catalogue, dictionary, OpenAPI) keep answering. `requests()` counts tool requests received
 * (outage answers included) since start or reset().
 *
 * `hostile` (./hostile.ts) poisons every tool answer's free text and links and adds the hostile
 * tickers (huge, deep, many-row, redirecting and Retry-After-forever answers); `hostileStats` counts
 * what those cost the server.
 */
import * as http from "http";
import type { Socket } from "net";
import { performance } from "perf_hooks";
import { TOOL_NAMES, ToolName } from "./rules";
import { catalogueBody, dictionaryBody, openApiBody } from "./docs";
import { HttpError, parseParams } from "./params";
import { Rng } from "./rng";
import { restated } from "./restate";
import { runTool, sandboxPage, warmUp } from "./tools";
import { HostileOptions, HostileStats, Poisoner, hostileAnswer } from "./hostile";
import { SandboxEdits, applyEdit } from "./edits";

export interface FakeApiOptions {
  port?: number;
  host?: string;
  latencyMs?: number;
  quota?: number;
  countRejected?: boolean;
  apiKeys?: string[];
  /** Return true (or a connection id to count quota/concurrency against) to accept an access token. */
  validateToken?: (token: string) => boolean | string | Promise<boolean | string>;
  routes?: (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => boolean | Promise<boolean>;
  validationStyle?: "400" | "422";
  extraFields?: boolean;
  allowedOrigins?: string[] | "*";
  now?: () => Date;
  /** Start in an outage (see the header comment). */
  outage?: OutageSetting;
  /** Mount GET/POST /__fake/control (loopback callers only) to read and set the outage at run time. */
  controlEndpoint?: boolean;
  /** The hostile API (./hostile.ts): poisoned text and links in every answer, and the hostile tickers. */
  hostile?: boolean | HostileOptions;
}

export type Outage = "429-text" | "429-html" | "503" | "hang";
export const OUTAGES: readonly Outage[] = ["429-text", "429-html", "503", "hang"];

export interface OutageSetting {
  mode: Outage | null;
  retryAfterSeconds?: number;
}

/** The page a gateway in front of an API typically answers with when it throttles. */
export const GATEWAY_429_HTML =
  "<!DOCTYPE html><html><head><title>429 Too Many Requests</title></head><body><center><h1>429 Too Many Requests</h1></center><hr><center>gateway</center></body></html>";
export const RATE_LIMIT_TEXT = "Rate limit exceeded";
export const CONTROL_PATH = "/__fake/control";
/** POST a test control (./edits.ts applyEdit): revise a value, add a fiscal year, add a feed row. Loopback only. */
export const EDITS_PATH = "/__fake/edits";

export interface RequestLogEntry {
  id: number;
  tool: string;
  query: Record<string, string>;
  credential: string;
  status: number;
  start: number;
  end: number;
  fault?: string;
}

export type Fault = "503" | "429_busy" | "429_quota" | "malformed" | "non_json" | "hang" | "drop" | "500";

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

/** The fixed key the sandbox accepts (svc_live_ + 43 letters and digits). */
export const SANDBOX_API_KEY = "svc_live_SandboxKey000000000000000000000000000000000";

export const API_KEY_FORMAT = /^svc_live_[A-Za-z0-9]{43}$/;

export const MESSAGES = {
  busy: "Another call with this credential is still running; retry when it finishes",
  quota: (n: number) => `Daily quota of ${n} calls used up; it resets at 00:00 UTC`,
  unavailable: "The API is temporarily switched off",
  payment: "The account behind this credential has no active plan or trial",
  missing: "Missing credential: send Authorization: Bearer <API key or access token>",
  unknownKey: "Unknown or revoked API key",
  unknownToken: "Unknown, expired or revoked access token",
  internal: "Internal Server Error",
};

const JSON_TYPE = "application/json; charset=utf-8";
const PREFIX = "/api/public/v1/";

export async function startFakeApi(opts: FakeApiOptions = {}): Promise<FakeApi> {
  const host = opts.host ?? "127.0.0.1";
  const dailyQuota = opts.quota ?? 2000;
  const apiKeys = new Set(opts.apiKeys ?? [SANDBOX_API_KEY]);
  const style = opts.validationStyle ?? "400";
  const now = opts.now ?? (() => new Date());
  const origins = opts.allowedOrigins ?? "*";

  let latency = opts.latencyMs ?? 0;
  let mode = { paymentRequired: false, unavailable: false };
  const log: RequestLogEntry[] = [];
  let nextId = 1;
  let totalInFlight = 0;
  let maxConc = 0;
  let overlapCount = 0;
  const inFlight = new Map<string, number>();
  let quotas = new Map<string, { day: string; remaining: number }>();
  let freshQuota: { day: string; remaining: number } | null = null;
  let faultQueue: Fault[] = [];
  let faultRate: { rate: number; kinds: Fault[]; rng: Rng } | null = null;
  let malformedCount = 0;
  let outage: OutageSetting = checkOutage(opts.outage ?? { mode: null });
  let received = 0;
  let restatement = 1;
  let closed = false;
  const hostile: HostileOptions | null = opts.hostile ? (opts.hostile === true ? {} : opts.hostile) : null;
  const hostileStats: HostileStats = { hugeRequests: 0, hugeBytesSent: 0, deepRequests: 0 };
  const poisoner = new Poisoner();
  const sockets = new Set<Socket>();
  const sleepers = new Set<() => void>();
  const edits = new SandboxEdits();

  const today = () => now().toISOString().slice(0, 10);
  const quotaRec = (cred: string) => {
    const day = today();
    let rec = quotas.get(cred);
    if (!rec || rec.day !== day) {
      rec = { day, remaining: freshQuota && freshQuota.day === day ? freshQuota.remaining : dailyQuota };
      quotas.set(cred, rec);
    }
    return rec;
  };
  const consume = (cred: string) => {
    const rec = quotaRec(cred);
    rec.remaining = Math.max(0, rec.remaining - 1);
    return rec.remaining;
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (ms <= 0 || closed) return resolve();
      const done = () => {
        clearTimeout(t);
        sleepers.delete(done);
        resolve();
      };
      const t = setTimeout(done, ms);
      sleepers.add(done);
    });

  const nextFault = (): Fault | undefined => {
    if (faultQueue.length > 0) return faultQueue.shift();
    if (faultRate && faultRate.kinds.length > 0 && faultRate.rng.next() < faultRate.rate) return faultRate.rng.pick(faultRate.kinds);
    return undefined;
  };

  let base = "";

  const setCors = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const origin = req.headers.origin;
    if (origins === "*") res.setHeader("Access-Control-Allow-Origin", "*");
    else {
      res.setHeader("Vary", "Origin");
      if (origin && origins.includes(origin)) res.setHeader("Access-Control-Allow-Origin", origin);
    }
    res.setHeader("Access-Control-Expose-Headers", "X-Quota-Remaining, WWW-Authenticate");
  };

  const sendJson = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    if (res.headersSent || res.destroyed) return;
    const text = JSON.stringify(body);
    res.writeHead(status, { "Content-Type": JSON_TYPE, "Content-Length": Buffer.byteLength(text), ...headers });
    res.end(text);
  };

  const wwwAuthenticate = () => `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`;

  async function authenticate(req: http.IncomingMessage): Promise<{ ok: true; key: string } | { ok: false; detail: string; raw: string }> {
    const h = req.headers.authorization;
    const m = typeof h === "string" ? /^Bearer[ ]+(\S+)\s*$/i.exec(h) : null;
    if (!m) return { ok: false, detail: MESSAGES.missing, raw: "" };
    const token = m[1];
    if (token.startsWith("svc_live_")) {
      return API_KEY_FORMAT.test(token) && apiKeys.has(token) ? { ok: true, key: token } : { ok: false, detail: MESSAGES.unknownKey, raw: token };
    }
    if (opts.validateToken) {
      let v: boolean | string = false;
      try {
        v = await opts.validateToken(token);
      } catch {
        v = false;
      }
      if (v) return { ok: true, key: typeof v === "string" ? v : token };
    }
    return { ok: false, detail: MESSAGES.unknownToken, raw: token };
  }

  async function toolCall(req: http.IncomingMessage, res: http.ServerResponse, url: URL, toolRaw: string) {
    const query: Record<string, string> = {};
    for (const k of new Set(url.searchParams.keys())) query[k] = url.searchParams.getAll(k).join(",");
    const entry: RequestLogEntry = { id: nextId++, tool: toolRaw, query, credential: "", status: 0, start: performance.now(), end: 0 };
    log.push(entry);
    received++;
    totalInFlight++;
    maxConc = Math.max(maxConc, totalInFlight);
    let heldKey: string | null = null;
    let ended = false;
    const end = (status: number) => {
      if (ended) return;
      ended = true;
      entry.status = status;
      entry.end = performance.now();
      totalInFlight--;
      if (heldKey !== null) {
        const n = (inFlight.get(heldKey) ?? 1) - 1;
        if (n <= 0) inFlight.delete(heldKey);
        else inFlight.set(heldKey, n);
      }
    };
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      end(status);
      sendJson(res, status, body, headers);
    };
    const rejected = (key: string) => {
      if (opts.countRejected) consume(key);
    };

    if (outage.mode) return outageAnswer(entry, res, end);
    if (req.method !== "GET") return answer(405, { detail: "Method Not Allowed" }, { Allow: "GET, OPTIONS" });
    if (mode.unavailable) return answer(503, { detail: MESSAGES.unavailable });
    if (!(TOOL_NAMES as string[]).includes(toolRaw)) return answer(404, { detail: `Unknown tool: ${toolRaw}` });
    const tool = toolRaw as ToolName;
    const auth = await authenticate(req);
    if (!auth.ok) {
      entry.credential = auth.raw;
      return answer(401, { detail: auth.detail }, { "WWW-Authenticate": wwwAuthenticate() });
    }
    const key = auth.key;
    entry.credential = key;
    if (mode.paymentRequired) {
      rejected(key);
      return answer(402, { detail: MESSAGES.payment });
    }
    const running = inFlight.get(key) ?? 0;
    if (running > 0) {
      overlapCount += running;
      rejected(key);
      return answer(429, { detail: MESSAGES.busy });
    }
    heldKey = key;
    inFlight.set(key, 1);

    const fault = nextFault();
    if (fault) entry.fault = fault;
    if (fault === "hang") {
      // Never answer; the call ends when the client gives up (socket closed) or close() runs.
      res.on("close", () => end(0));
      return;
    }
    if (quotaRec(key).remaining <= 0) {
      return answer(429, { detail: MESSAGES.quota(dailyQuota) });
    }
    await sleep(latency);
    if (closed) return end(0);
    if (hostile && hostileAnswer(tool, url, res, hostile, hostileStats)) {
      if (res.statusCode === 200) consume(key);
      res.on("close", () => end(res.statusCode));
      return;
    }
    try {
      const params = parseParams(tool, url.searchParams, style);
      const plain = restated(tool, runTool(tool, params, { base, style, extraFields: !!opts.extraFields, edits }), restatement);
      const env = hostile ? poisoner.envelope(plain) : plain;
      if (fault) return applyFault(fault, res, env, key, answer, end);
      const remaining = consume(key);
      answer(200, env, { "X-Quota-Remaining": String(remaining) });
    } catch (e) {
      if (e instanceof HttpError) {
        if (fault) return applyFault(fault, res, null, key, answer, end);
        if (e.status >= 400 && e.status < 500) rejected(key);
        return answer(e.status, { detail: e.detail }, e.headers);
      }
      answer(500, { detail: `${MESSAGES.internal}: ${(e as Error)?.message ?? e}` });
    }
  }

  function outageAnswer(entry: RequestLogEntry, res: http.ServerResponse, end: (status: number) => void) {
    const { mode, retryAfterSeconds } = outage;
    entry.fault = `outage:${mode}`;
    if (mode === "hang") {
      res.on("close", () => end(0));
      return;
    }
    const headers: Record<string, string> = retryAfterSeconds !== undefined ? { "Retry-After": String(retryAfterSeconds) } : {};
    end(mode === "503" ? 503 : 429);
    if (mode === "429-html") {
      res.writeHead(429, { "Content-Type": "text/html", "Content-Length": Buffer.byteLength(GATEWAY_429_HTML), ...headers });
      res.end(GATEWAY_429_HTML);
    } else if (mode === "429-text") sendJson(res, 429, { detail: RATE_LIMIT_TEXT }, headers);
    else sendJson(res, 503, { detail: MESSAGES.unavailable }, headers);
  }

  async function readBody(req: http.IncomingMessage): Promise<Record<string, unknown> | null> {
    const text = await new Promise<string>((resolve) => {
      let t = "";
      req.on("data", (c) => (t += c));
      req.on("end", () => resolve(t));
    });
    try {
      return text.trim() ? JSON.parse(text) : {};
    } catch {
      return null;
    }
  }

  async function editControl(req: http.IncomingMessage, res: http.ServerResponse) {
    res.removeHeader("Access-Control-Allow-Origin");
    const from = req.socket.remoteAddress ?? "";
    if (!["127.0.0.1", "::1", "::ffff:127.0.0.1"].includes(from)) return sendJson(res, 403, { detail: "control is for loopback callers only" });
    if (req.method !== "POST") return sendJson(res, 405, { detail: "Method Not Allowed" });
    const body = await readBody(req);
    if (!body) return sendJson(res, 400, { detail: "edits: body must be JSON" });
    try {
      return sendJson(res, 200, applyEdit(edits, body));
    } catch (e) {
      return sendJson(res, 400, { detail: (e as Error).message });
    }
  }

  /** GET: the outage and request count; POST {outage, retry_after} (JSON body or query string): set them. Loopback only. */
  async function control(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    res.removeHeader("Access-Control-Allow-Origin");
    const from = req.socket.remoteAddress ?? "";
    if (!["127.0.0.1", "::1", "::ffff:127.0.0.1"].includes(from)) return sendJson(res, 403, { detail: "control is for loopback callers only" });
    if (req.method === "POST") {
      let body: Record<string, unknown> = {};
      const text = await new Promise<string>((resolve) => {
        let t = "";
        req.on("data", (c) => (t += c));
        req.on("end", () => resolve(t));
      });
      try {
        body = text.trim() ? JSON.parse(text) : {};
      } catch {
        return sendJson(res, 400, { detail: "control: body must be JSON" });
      }
      const q = url.searchParams;
      const mode = body.outage !== undefined ? body.outage : q.has("outage") ? q.get("outage") || null : null;
      const ra = body.retry_after !== undefined ? body.retry_after : q.get("retry_after") ?? undefined;
      try {
        outage = checkOutage({ mode: (mode === "none" ? null : mode) as Outage | null, retryAfterSeconds: ra === undefined || ra === null || ra === "" ? undefined : Number(ra) });
      } catch (e) {
        return sendJson(res, 400, { detail: (e as Error).message });
      }
    } else if (req.method !== "GET") return sendJson(res, 405, { detail: "Method Not Allowed" });
    return sendJson(res, 200, { outage: outage.mode, retry_after: outage.retryAfterSeconds ?? null, requests: received });
  }

  function applyFault(
    fault: Fault,
    res: http.ServerResponse,
    env: unknown,
    key: string,
    answer: (status: number, body: unknown, headers?: Record<string, string>) => void,
    end: (status: number) => void,
  ) {
    switch (fault) {
      case "503":
        return answer(503, { detail: MESSAGES.unavailable });
      case "429_busy":
        return answer(429, { detail: MESSAGES.busy });
      case "429_quota":
        return answer(429, { detail: MESSAGES.quota(dailyQuota) });
      case "500":
        return answer(500, { detail: MESSAGES.internal });
      case "malformed": {
        const remaining = consume(key);
        end(200);
        const full = JSON.stringify(env ?? { text: "", data: {}, link: base });
        // Alternate: an envelope without `data`, then a truncated JSON body.
        const body = malformedCount++ % 2 === 0 ? JSON.stringify({ text: "Something went wrong", link: `${base}/` }) : full.slice(0, Math.max(1, Math.floor(full.length / 2)));
        res.writeHead(200, { "Content-Type": JSON_TYPE, "Content-Length": Buffer.byteLength(body), "X-Quota-Remaining": String(remaining) });
        res.end(body);
        return;
      }
      case "non_json": {
        const remaining = consume(key);
        end(200);
        const body = "<!doctype html><html><head><title>Service</title></head><body><h1>Please wait…</h1></body></html>";
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": Buffer.byteLength(body), "X-Quota-Remaining": String(remaining) });
        res.end(body);
        return;
      }
      case "drop": {
        const remaining = consume(key);
        end(200);
        const full = JSON.stringify(env ?? { text: "", data: {}, link: base });
        res.writeHead(200, { "Content-Type": JSON_TYPE, "Content-Length": Buffer.byteLength(full), "X-Quota-Remaining": String(remaining) });
        res.write(full.slice(0, Math.floor(full.length / 3)), () => setImmediate(() => res.socket?.destroy()));
        return;
      }
      default:
        return answer(500, { detail: MESSAGES.internal });
    }
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? "/", base);
    setCors(req, res);
    if (opts.routes && (await opts.routes(req, res, url))) return;
    if (opts.controlEndpoint && url.pathname === CONTROL_PATH) return control(req, res, url);
    if (opts.controlEndpoint && url.pathname === EDITS_PATH) return editControl(req, res);
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
    if (path === "/api/public/v1/tools") return sendJson(res, 200, catalogueBody());
    if (path === "/api/public/v1/dictionary") return sendJson(res, 200, dictionaryBody());
    if (path === "/api/public/v1/openapi.json") return sendJson(res, 200, openApiBody(base));
    if (path === "/.well-known/oauth-protected-resource/mcp" || path === "/.well-known/oauth-protected-resource")
      return sendJson(res, 200, {
        resource: `${base}/mcp`,
        authorization_servers: [base],
        scopes_supported: ["read"],
        bearer_methods_supported: ["header"],
      });
    if (path.startsWith(PREFIX)) return toolCall(req, res, url, decodeURIComponent(path.slice(PREFIX.length)));
    if (path === "/mcp") {
      // The MCP transport is not simulated; unauthenticated requests still get the 401 a client discovers OAuth from.
      const auth = await authenticate(req);
      if (!auth.ok) return sendJson(res, 401, { detail: auth.detail }, { "WWW-Authenticate": wwwAuthenticate() });
      return sendJson(res, 501, { detail: "The sandbox does not implement the MCP transport; use the REST API" });
    }
    if (req.method === "GET" && !path.startsWith("/api/") && !path.startsWith("/.well-known/") && !path.startsWith("/oauth/")) {
      const html = sandboxPage(path, base);
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": Buffer.byteLength(html) });
      res.end(html);
      return;
    }
    sendJson(res, 404, { detail: "Not Found" });
  }

  warmUp();
  const server = http.createServer((req, res) => {
    handle(req, res).catch((e) => {
      if (!res.headersSent && !res.destroyed) sendJson(res, 500, { detail: `${MESSAGES.internal}: ${(e as Error)?.message ?? e}` });
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const addr = server.address();
  const port = typeof addr === "object" && addr ? addr.port : opts.port ?? 0;
  base = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;

  const api: FakeApi = {
    url: base,
    server,
    log,
    calls: () => log.length,
    maxConcurrent: () => maxConc,
    overlaps: () => overlapCount,
    setLatency(ms: number) {
      latency = Math.max(0, ms);
    },
    setMode(m) {
      mode = { ...mode, ...Object.fromEntries(Object.entries(m).filter(([, v]) => v !== undefined)) };
    },
    setQuota(remaining: number, credential?: string) {
      const day = today();
      if (credential !== undefined) {
        quotas.set(credential, { day, remaining });
        return;
      }
      for (const rec of quotas.values()) {
        rec.day = day;
        rec.remaining = remaining;
      }
      freshQuota = { day, remaining };
    },
    quotaRemaining: (credential: string) => quotaRec(credential).remaining,
    injectFaults(faults: Fault[]) {
      faultQueue.push(...faults);
    },
    setFaultRate(rate: number, kinds: Fault[], seed = 1) {
      faultRate = rate > 0 ? { rate, kinds: [...kinds], rng: new Rng(seed) } : null;
    },
    setOutage(mode: Outage | null, o: { retryAfterSeconds?: number } = {}) {
      outage = checkOutage({ mode, retryAfterSeconds: o.retryAfterSeconds });
    },
    outage: () => ({ ...outage }),
    requests: () => received,
    restate(factor: number) {
      restatement = factor;
    },
    hostileStats,
    edits,
    reset() {
      edits.reset();
      log.length = 0;
      received = 0;
      outage = { mode: null };
      faultQueue = [];
      faultRate = null;
      mode = { paymentRequired: false, unavailable: false };
      quotas = new Map();
      freshQuota = null;
      overlapCount = 0;
      maxConc = totalInFlight;
      malformedCount = 0;
      restatement = 1;
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const wake of [...sleepers]) wake();
      const done = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      server.closeAllConnections?.();
      await done;
    },
  };
  return api;
}

function checkOutage(o: OutageSetting): OutageSetting {
  if (o.mode !== null && !OUTAGES.includes(o.mode)) throw new Error(`unknown outage "${o.mode}" (use ${OUTAGES.join(", ")} or null)`);
  const ra = o.retryAfterSeconds;
  if (ra !== undefined && !(Number.isInteger(ra) && ra >= 0)) throw new Error(`retry_after must be a whole number of seconds; got ${ra}`);
  return { mode: o.mode, ...(ra !== undefined ? { retryAfterSeconds: ra } : {}) };
}
