/**
 * One engine per connection, in the composition root: the runtime's engine is a ConnectionScopedEngine
 * (src/engine/scoped.ts) whose engine per connection gets its own scope id (cache partition, lock
 * name), its own client bound to that connection (src/api/bound-credentials.ts), quota and breaker.
 * The connection id is a fixed identity when one is given (a key's fingerprint), else the credential
 * source's `connectionId()` (OAuth: issuer, client id and the sign-in's id), read before every request.
 */
import { ApiClient } from "../api";
import { boundCredentials } from "../api";
import type { SvcEngine } from "../engine";
import { ConnectionScopedEngine } from "../engine";
import type { Connection } from "./index";
import { connectionScope } from "./scope";

/** What the page or the CLI needs to build the engine of one connection. */
export interface ConnectionParts {
  /** The connection id (null: signed out; such an engine keeps nothing on disk). */
  id: string | null;
  /** Its scope id: cache partition and lock name suffix. */
  scope: string;
  client: ApiClient;
}

/** The scope id used while signed out (nothing is stored under it). */
export const SIGNED_OUT_SCOPE = "signed-out";

function idSource(conn: Connection): () => Promise<string | null> {
  if (conn.identity !== undefined) {
    const fixed = conn.identity;
    return async () => fixed;
  }
  const read = conn.credentials.connectionId?.bind(conn.credentials);
  return read ?? (async () => "unidentified-credential");
}

export function scopedEngine(
  conn: Connection,
  o: { timeoutMs?: number; initial?: string | null; fetch?: typeof fetch },
  build: (parts: ConnectionParts) => SvcEngine,
): ConnectionScopedEngine {
  const fixed = conn.identity !== undefined;
  return new ConnectionScopedEngine(
    {
      connectionId: idSource(conn),
      engineFor: (id) =>
        build({
          id,
          scope: connectionScope(conn.baseUrl, id ?? SIGNED_OUT_SCOPE),
          // A fixed identity is the caller's word; otherwise the client hands out tokens of this connection only.
          client: new ApiClient({ baseUrl: conn.baseUrl, credentials: fixed ? conn.credentials : boundCredentials(conn.credentials, id), timeoutMs: o.timeoutMs, fetch: o.fetch }),
        }),
    },
    fixed ? conn.identity : o.initial,
  );
}
