/**
 * The connection scope: the persistent cache, the quota state and the call lock belong to one API
 * address and one credential identity. Two base URLs, or two accounts/keys, never share an entry.
 * The identity handed in is never a secret itself (a key's fingerprint, an issuer/account id); the
 * scope is a hash of it anyway, so nothing readable about the credential lands in a file name or key.
 */
import { credentialFingerprint, fnv64 } from "../api";

export { credentialFingerprint, fnv64 };

import { normaliseBaseUrl } from "../platform";

export { normaliseBaseUrl };

/** The scope id of a connection (file-name and key safe). */
export function connectionScope(baseUrl: string, identity: string): string {
  return "c" + fnv64(`${normaliseBaseUrl(baseUrl)}\n${identity}`);
}
