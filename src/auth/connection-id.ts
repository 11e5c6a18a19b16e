/**
 * Contract C5, the OAuth side as the security helper needs it (the auth helper owns the token record
 * and `sign_in_id`; this file is kept apart so the two can be merged easily): which connection a
 * token record belongs to. A new sign-in makes a new id, a refresh keeps it, a sign-out ends it.
 */
import type { TokenRecord } from "./store";

/** `oauth:<issuer>|<client_id>|<sign_in_id>` of a signed-in record, else null. Never a secret. */
export function connectionIdOf(rec: TokenRecord | null | undefined): string | null {
  if (!rec || rec.state !== "signed_in" || !rec.access_token) return null;
  // A record from before sign_in_id existed: one id for it (the next sign-in makes a real one).
  return `oauth:${rec.issuer ?? ""}|${rec.client_id ?? ""}|${rec.sign_in_id ?? "before-sign-in-ids"}`;
}

/** A random id for one sign-in (created at the code exchange, stored in the token record). */
export function newSignInId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
