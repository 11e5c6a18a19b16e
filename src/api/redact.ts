/**
 * A server may echo the request back in its error text (a proxy's "Authorization: Bearer …" dump):
 * the caller's own credential is cut out of any server text before it is shown, printed or saved.
 */
import { SvcError } from "./errors";

const BEARER = /(Bearer\s+)[A-Za-z0-9\-._~+/]+=*/gi;

/** `text` without `secret` (and without any bearer credential). */
export function redactSecret(text: string, secret: string): string {
  const cut = secret.length >= 4 ? text.split(secret).join("[redacted]") : text;
  return cut.replace(BEARER, "$1[redacted]");
}

/** The same error with its detail and message redacted (its other fields kept). */
export function withoutSecret(e: SvcError, secret: string): SvcError {
  const detail = redactSecret(e.detail, secret);
  if (detail === e.detail && e.message === detail) return e;
  const out = new SvcError(e.kind, detail, { status: e.status, param: e.param });
  for (const [k, v] of Object.entries(e)) if (!(k in out)) (out as unknown as Record<string, unknown>)[k] = v;
  return out;
}
