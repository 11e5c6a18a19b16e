/**
 * The loopback test controls a sandbox server mounts (`controlEndpoint: true`):
 *   GET  /__fake/control   the outage and the count of tool requests received
 *   POST /__fake/control   {outage, retry_after} (JSON body or query string; outage "none" ends it)
 *   POST /__fake/edits     a test edit (./edits.ts applyEdit): a restated value, a newer fiscal year, a feed row
 */
import type * as http from "http";
import { applyEdit } from "./edits";
import { checkOutage, requestedOutage } from "./outage";
import { readJson, sendJson } from "./reply";
import type { ApiState } from "./state";

export const CONTROL_PATH = "/__fake/control";
const EDITS_PATH = "/__fake/edits";
const LOOPBACK = ["127.0.0.1", "::1", "::ffff:127.0.0.1"];

export function isControlPath(pathname: string): boolean {
  return pathname === CONTROL_PATH || pathname === EDITS_PATH;
}

export async function control(s: ApiState, req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
  res.removeHeader("Access-Control-Allow-Origin");
  if (!LOOPBACK.includes(req.socket.remoteAddress ?? "")) return sendJson(res, 403, { detail: "control is for loopback callers only" });
  return url.pathname === CONTROL_PATH ? outageControl(s, req, res, url) : editsControl(s, req, res);
}

async function outageControl(s: ApiState, req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
  if (req.method === "POST") {
    const body = await readJson(req);
    if (!body.ok) return sendJson(res, 400, { detail: "control: body must be JSON" });
    const wanted = requestedOutage(body.value as Record<string, unknown>, url.searchParams);
    try {
      s.outage = checkOutage(wanted);
    } catch (e) {
      return sendJson(res, 400, { detail: (e as Error).message });
    }
  } else if (req.method !== "GET") return sendJson(res, 405, { detail: "Method Not Allowed" });
  return sendJson(res, 200, { outage: s.outage.mode, retry_after: s.outage.retryAfterSeconds ?? null, requests: s.traffic.received });
}

async function editsControl(s: ApiState, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  if (req.method !== "POST") return sendJson(res, 405, { detail: "Method Not Allowed" });
  const body = await readJson(req);
  if (!body.ok || !body.value) return sendJson(res, 400, { detail: "edits: body must be JSON" });
  try {
    return sendJson(res, 200, applyEdit(s.edits, body.value as Record<string, unknown>));
  } catch (e) {
    return sendJson(res, 400, { detail: (e as Error).message });
  }
}
