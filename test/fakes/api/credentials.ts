/**
 * Who is calling: a Bearer API key (svc_live_ + 43 letters and digits, known to the server) or an
 * access token the server's `validateToken` accepts. A token validator may name the connection the
 * token belongs to: quota and one-call-at-a-time are counted against that id (a connection's tokens
 * share one quota).
 */
import type * as http from "http";
import { MESSAGES } from "./messages";

/** The fixed key the sandbox accepts (svc_live_ + 43 letters and digits). */
export const SANDBOX_API_KEY = "svc_live_SandboxKey000000000000000000000000000000000";

const API_KEY_FORMAT = /^svc_live_[A-Za-z0-9]{43}$/;

export type TokenValidator = (token: string) => boolean | string | Promise<boolean | string>;

/** `key`: what quota and concurrency are counted against; `raw`: the refused credential, for the log. */
type Authentication = { ok: true; key: string } | { ok: false; detail: string; raw: string };

export async function authenticate(req: http.IncomingMessage, apiKeys: Set<string>, validateToken?: TokenValidator): Promise<Authentication> {
  const h = req.headers.authorization;
  const m = typeof h === "string" ? /^Bearer[ ]+(\S+)\s*$/i.exec(h) : null;
  if (!m) return { ok: false, detail: MESSAGES.missing, raw: "" };
  const token = m[1];
  if (token.startsWith("svc_live_")) {
    return API_KEY_FORMAT.test(token) && apiKeys.has(token) ? { ok: true, key: token } : { ok: false, detail: MESSAGES.unknownKey, raw: token };
  }
  if (validateToken) {
    let v: boolean | string = false;
    try {
      v = await validateToken(token);
    } catch {
      v = false;
    }
    if (v) return { ok: true, key: typeof v === "string" ? v : token };
  }
  return { ok: false, detail: MESSAGES.unknownToken, raw: token };
}
