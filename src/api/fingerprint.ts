/**
 * Fingerprints: enough to tell two credentials apart, useless to recover one. Synchronous and the
 * same in the page and in Node (FNV-1a 64-bit), so scope ids and lock names match across runtimes.
 */

/** FNV-1a, 64-bit, as 16 hex digits. */
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

/** A key's fingerprint (its connection id): enough to tell two keys apart, useless to recover one. */
export function credentialFingerprint(secret: string): string {
  return "key:" + fnv64("svc-key\n" + secret);
}
