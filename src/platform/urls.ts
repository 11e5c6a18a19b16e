/**
 * The one rule for which addresses may be plain http: the loopback interface only (tests, the local
 * sandbox, the CLI's sign-in callback). Everything else must be https.
 */

export function isLoopbackHost(hostname: string): boolean {
  return hostname === "127.0.0.1" || hostname === "localhost" || hostname === "[::1]" || hostname === "::1";
}

/** An http: URL on loopback. */
export function isLoopbackHttp(url: string | URL): boolean {
  let u: URL;
  try {
    u = typeof url === "string" ? new URL(url) : url;
  } catch {
    return false;
  }
  return u.protocol === "http:" && isLoopbackHost(u.hostname);
}

/** https:, or http: on loopback. */
export function isSecureOrLoopback(url: string | URL): boolean {
  try {
    const u = typeof url === "string" ? new URL(url) : url;
    return u.protocol === "https:" || isLoopbackHttp(u);
  } catch {
    return false;
  }
}

/** An address as requests and pages are built on it: trimmed, without trailing slashes. The one rule (src/api uses it too). */
export function trimBaseUrl(url: string): string {
  return url.trim().replace(/\/+$/, "");
}

/**
 * One spelling of an API address, for keys (tokens, cache scope, lock names): scheme and host as URL
 * parsing writes them, the path without trailing slashes; text that is no URL is only trimmed.
 */
export function normaliseBaseUrl(baseUrl: string): string {
  try {
    const u = new URL(baseUrl.trim());
    return `${u.protocol}//${u.host}${trimBaseUrl(u.pathname)}`;
  } catch {
    return trimBaseUrl(baseUrl);
  }
}
