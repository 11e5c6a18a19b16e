/**
 * "Was anything sent?" in a browser. A failed fetch there is a TypeError without a code, so a failed
 * refresh request can never be proven unsent. Instead, before a refresh is sent, ask whether the
 * token endpoint's ORIGIN answers at all: a HEAD of the origin's root in no-cors mode has no side
 * effect and resolves with an opaque response whatever the status; it rejects only when nothing
 * answered (offline, DNS, VPN down, TLS failure). Then the refresh is not sent and the token is kept.
 * `credentials` picks the connection pool (src/auth/token-pool.ts): never the one the refresh will
 * use, so the probe cannot leave a warm connection for it (no-cors needs no CORS approval either way).
 */
export function originProbe(
  fetchImpl: typeof fetch = (...a) => fetch(...a),
  timeoutMs = 5_000
): (origin: string, credentials?: RequestCredentials) => Promise<boolean> {
  return async (origin, credentials = "omit") => {
    try {
      const res = await fetchImpl(`${origin}/`, {
        method: "HEAD",
        mode: "no-cors",
        cache: "no-store",
        credentials,
        // (no-cors requires redirect "follow"; a redirect answer still proves the origin answers)
        signal: AbortSignal.timeout(timeoutMs),
      });
      await res.body?.cancel().catch(() => undefined);
      return true;
    } catch {
      return false;
    }
  };
}

/** navigator.onLine === false (a definite "offline"; true proves nothing). */
export function browserOffline(): boolean {
  const nav = (globalThis as { navigator?: { onLine?: boolean } }).navigator;
  return nav?.onLine === false;
}
