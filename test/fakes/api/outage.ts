/**
 * Outages: an infrastructure failure in front of the API, for the engine's fault bench. While one
 * lasts every tool call is answered before authentication, one-call-at-a-time and quota (none of
 * which it touches), with
 *   "429-text": 429 {"detail":"Rate limit exceeded"} (a rate limiter the client does not know),
 *   "429-html": 429 text/html gateway page,
 *   "503":      503 {"detail": "<the switched-off message>"},
 *   "hang":     no answer at all until the client gives up or the server closes;
 * plus `Retry-After: <seconds>` when `retryAfterSeconds` is given.
 */
import type * as http from "http";
import { MESSAGES } from "./messages";
import { Headers, sendJson } from "./reply";
import type { RequestLogEntry } from "./traffic";

export type Outage = "429-text" | "429-html" | "503" | "hang";
const OUTAGES: readonly Outage[] = ["429-text", "429-html", "503", "hang"];

export interface OutageSetting {
  mode: Outage | null;
  retryAfterSeconds?: number;
}

/** The page a gateway in front of an API typically answers with when it throttles. */
export const GATEWAY_429_HTML =
  "<!DOCTYPE html><html><head><title>429 Too Many Requests</title></head><body><center><h1>429 Too Many Requests</h1></center><hr><center>gateway</center></body></html>";
const RATE_LIMIT_TEXT = "Rate limit exceeded";

/** The setting itself, or an error naming what is wrong with it. */
export function checkOutage(o: OutageSetting): OutageSetting {
  if (o.mode !== null && !OUTAGES.includes(o.mode)) throw new Error(`unknown outage "${o.mode}" (use ${OUTAGES.join(", ")} or null)`);
  const ra = o.retryAfterSeconds;
  if (ra !== undefined && !(Number.isInteger(ra) && ra >= 0)) throw new Error(`retry_after must be a whole number of seconds; got ${ra}`);
  return { mode: o.mode, ...(ra !== undefined ? { retryAfterSeconds: ra } : {}) };
}

/** The outage a control request asks for (JSON body first, then the query string), not yet checked. */
export function requestedOutage(body: Record<string, unknown>, q: URLSearchParams): OutageSetting {
  const mode = body.outage !== undefined ? body.outage : q.has("outage") ? q.get("outage") || null : null;
  const ra = body.retry_after !== undefined ? body.retry_after : q.get("retry_after") ?? undefined;
  return { mode: (mode === "none" ? null : mode) as Outage | null, retryAfterSeconds: ra === undefined || ra === null || ra === "" ? undefined : Number(ra) };
}

/** Answer a tool call during an outage (`setting.mode` is set). */
export function answerOutage(setting: OutageSetting, entry: RequestLogEntry, res: http.ServerResponse, end: (status: number) => void): void {
  const { mode, retryAfterSeconds } = setting;
  entry.fault = `outage:${mode}`;
  if (mode === "hang") {
    res.on("close", () => end(0));
    return;
  }
  const headers: Headers = retryAfterSeconds !== undefined ? { "Retry-After": String(retryAfterSeconds) } : {};
  end(mode === "503" ? 503 : 429);
  if (mode === "429-html") {
    res.writeHead(429, { "Content-Type": "text/html", "Content-Length": Buffer.byteLength(GATEWAY_429_HTML), ...headers });
    res.end(GATEWAY_429_HTML);
  } else if (mode === "429-text") sendJson(res, 429, { detail: RATE_LIMIT_TEXT }, headers);
  else sendJson(res, 503, { detail: MESSAGES.unavailable }, headers);
}
