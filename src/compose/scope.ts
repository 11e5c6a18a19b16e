/**
 * The connection scope: the persistent cache, the quota state and the call lock belong to one API
 * address and one credential identity. Two base URLs, or two accounts/keys, never share an entry.
 * The identity handed in is never a secret itself (a key's fingerprint, an issuer/account id); the
 * scope is a hash of it anyway, so nothing readable about the credential lands in a file name or key.
 */

import { normaliseBaseUrl } from "../platform/urls";

export { normaliseBaseUrl };

/** FNV-1a, 64-bit, as 16 hex digits: synchronous and the same in the page and in Node. */
export function fnv64(text: string): string {
  let h = 0xcbf29ce484222325n;
  const prime = 0x100000001b3n;
  const bytes = new TextEncoder().encode(text);
  for (const b of bytes) {
    h ^= BigInt(b);
    h = (h * prime) & 0xffffffffffffffffn;
  }
  return h.toString(16).padStart(16, "0");
}

/** A key's fingerprint: enough to tell two keys apart, useless to recover one. */
export function credentialFingerprint(secret: string): string {
  return "key:" + fnv64("svc-key\n" + secret);
}

/** The scope id of a connection (file-name and key safe). */
export function connectionScope(baseUrl: string, identity: string): string {
  return "c" + fnv64(`${normaliseBaseUrl(baseUrl)}\n${identity}`);
}
