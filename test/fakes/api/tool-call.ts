/**
 * One `GET /api/public/v1/<tool>` call, in the order the gates apply: outage, method, the 503
 * switch, a known tool, authentication (401), the 402 switch, one call at a time per credential
 * (429), then an injected fault, the daily quota (429 at zero), latency, the hostile tickers, and
 * the tool itself (strict parameters: 400 or 422; a success consumes quota and says what is left).
 * With `countRejected`, a 400/402/404/422/429 refusal of an authenticated credential consumes quota too.
 */
import type * as http from "http";
import { TOOL_NAMES, ToolName } from "./rules";
import { HttpError, parseParams } from "./params";
import { restated } from "./restate";
import { runTool } from "./tools";
import { hostileAnswer } from "./hostile";
import { authenticate } from "./credentials";
import { Fault, answerFault } from "./faults";
import { answerOutage } from "./outage";
import { MESSAGES } from "./messages";
import { Headers, sendJson } from "./reply";
import type { Call } from "./traffic";
import type { ApiState } from "./state";

/** A call in progress: where it came from and how to answer it (answering ends it). */
interface Exchange {
  s: ApiState;
  req: http.IncomingMessage;
  res: http.ServerResponse;
  url: URL;
  call: Call;
  answer(status: number, body: unknown, headers?: Headers): void;
}

export async function toolCall(s: ApiState, req: http.IncomingMessage, res: http.ServerResponse, url: URL, toolRaw: string): Promise<void> {
  const query: Record<string, string> = {};
  for (const k of new Set(url.searchParams.keys())) query[k] = url.searchParams.getAll(k).join(",");
  const call = s.traffic.arrive(toolRaw, query);
  const answer = (status: number, body: unknown, headers: Headers = {}) => {
    call.end(status);
    sendJson(res, status, body, headers);
  };
  const x: Exchange = { s, req, res, url, call, answer };
  const admitted = await admit(x, toolRaw);
  if (admitted) await serve(x, admitted.tool, admitted.key);
}

/** A 4xx refusal of an authenticated credential, which consumes quota only with `countRejected`. */
function rejected(x: Exchange, key: string): void {
  if (x.s.opts.countRejected) x.s.quotas.consume(key);
}

/** The gates before any work: null when the call was answered (refused) here. */
async function admit(x: Exchange, toolRaw: string): Promise<{ tool: ToolName; key: string } | null> {
  const { s, call, answer } = x;
  if (s.outage.mode) {
    answerOutage(s.outage, call.entry, x.res, (status) => call.end(status));
    return null;
  }
  if (x.req.method !== "GET") return answer(405, { detail: "Method Not Allowed" }, { Allow: "GET, OPTIONS" }), null;
  if (s.mode.unavailable) return answer(503, { detail: MESSAGES.unavailable }), null;
  if (!(TOOL_NAMES as string[]).includes(toolRaw)) return answer(404, { detail: `Unknown tool: ${toolRaw}` }), null;
  const auth = await authenticate(x.req, s.apiKeys, s.opts.validateToken);
  if (!auth.ok) {
    call.entry.credential = auth.raw;
    return answer(401, { detail: auth.detail }, { "WWW-Authenticate": s.wwwAuthenticate() }), null;
  }
  const key = auth.key;
  call.entry.credential = key;
  if (s.mode.paymentRequired) {
    rejected(x, key);
    return answer(402, { detail: MESSAGES.payment }), null;
  }
  if (!call.hold(key)) {
    rejected(x, key);
    return answer(429, { detail: MESSAGES.busy }), null;
  }
  return { tool: toolRaw as ToolName, key };
}

/** An admitted call: fault, quota, latency, then the answer. */
async function serve(x: Exchange, tool: ToolName, key: string): Promise<void> {
  const { s, call, res } = x;
  const fault = s.faults.next();
  if (fault) call.entry.fault = fault;
  if (fault === "hang") {
    // Never answer; the call ends when the client gives up (socket closed) or close() runs.
    res.on("close", () => call.end(0));
    return;
  }
  if (s.quotas.remaining(key) <= 0) return x.answer(429, { detail: MESSAGES.quota(s.quotas.daily) });
  await s.sleep(s.latency);
  if (s.closed) return call.end(0);
  if (s.hostile && hostileAnswer(tool, x.url, res, s.hostile, s.hostileStats)) {
    if (res.statusCode === 200) s.quotas.consume(key);
    res.on("close", () => call.end(res.statusCode));
    return;
  }
  answerTool(x, tool, key, fault);
}

function answerTool(x: Exchange, tool: ToolName, key: string, fault: Fault | undefined): void {
  const { s } = x;
  const faulty = (f: Fault, env: unknown) => {
    const consume = () => s.quotas.consume(key);
    const end = (status: number) => x.call.end(status);
    answerFault(f, { res: x.res, env, base: s.base, dailyQuota: s.quotas.daily, plan: s.faults, answer: x.answer, end, consume });
  };
  try {
    const params = parseParams(tool, x.url.searchParams, s.style);
    const plain = restated(tool, runTool(tool, params, { base: s.base, style: s.style, extraFields: !!s.opts.extraFields, edits: s.edits }), s.restatement);
    const env = s.hostile ? s.poisoner.envelope(plain) : plain;
    if (fault) return faulty(fault, env);
    const remaining = s.quotas.consume(key);
    x.answer(200, env, { "X-Quota-Remaining": String(remaining) });
  } catch (e) {
    if (e instanceof HttpError) {
      if (fault) return faulty(fault, null);
      if (e.status >= 400 && e.status < 500) rejected(x, key);
      return x.answer(e.status, { detail: e.detail }, e.headers);
    }
    x.answer(500, { detail: `${MESSAGES.internal}: ${(e as Error)?.message ?? e}` });
  }
}
