/**
 * The one composition root: builds the client, the engine, the connection-scoped store
 * and the cross-runtime lock, for the page (./page, used by ./page-runtime.ts) and for the CLI
 * (./cli, used by src/cli/eval.ts). Only this folder picks adapters (src/adapters/browser or
 * src/adapters/node); the page entry never imports a Node module and the CLI entry never a browser one.
 */
import type { ApiClient, CredentialSource } from "../api";
import { TOOLS } from "../api";
import { CurrentDictionary, MetricDictionary, SPEC_DICTIONARY, dictionaryFor, loadDictionary } from "../api";
import type { ConnectionScopedEngine } from "../engine";

export { connectionScope, credentialFingerprint, normaliseBaseUrl } from "./scope";

export interface Connection {
  baseUrl: string;
  credentials: CredentialSource;
  /**
   * A fixed identity (a key's fingerprint): never the secret. Absent: the credential source's
   * connectionId() decides, read before every request (./connection.ts).
   */
  identity?: string;
}

export interface Composed {
  /** One engine per connection behind one object (src/engine/scoped.ts). */
  engine: ConnectionScopedEngine;
  /** A client of the current credential (not bound to a connection), for callers without an engine. */
  client: ApiClient;
  /** The connection scope id at composition (cache and quota partition, lock name suffix). */
  scope: string;
  /**
   * The API's metric dictionary, read once (unauthenticated, never counted as a call); until it is
   * read the spec's lists apply. Never rejects.
   */
  dictionary: Promise<MetricDictionary>;
  /** This connection's dictionary right now: what its engine, its cells and its pane validate against. */
  currentDictionary: CurrentDictionary;
}

const DICTIONARY_TIMEOUT_MS = 5_000;

/** The longest lifetime in the catalogue: older answers can never be fresh again. */
const LONGEST_TTL_MS = Math.max(...Object.values(TOOLS).map((t) => t.ttlMs));
/** Persistent answers older than this are swept at start; until then they serve as stale fallback when the API is down. */
export const SWEEP_AFTER_MS = 4 * LONGEST_TTL_MS;

/**
 * Start reading the dictionary of this API address (src/api/dictionary caches it per address); `current`
 * answers the spec's lists until it has arrived, then the address's own.
 */
export function readDictionary(baseUrl: string, fetchFn?: typeof fetch): { read: Promise<MetricDictionary>; current: CurrentDictionary } {
  const current: CurrentDictionary = () => dictionaryFor(baseUrl);
  const f = fetchFn ?? (globalThis as { fetch?: typeof fetch }).fetch;
  if (!f) return { read: Promise.resolve(SPEC_DICTIONARY), current };
  // Bounded: an address that never answers must not hold up the first evaluation.
  const signal = (): AbortSignal | undefined => (typeof AbortSignal.timeout === "function" ? AbortSignal.timeout(DICTIONARY_TIMEOUT_MS) : undefined);
  return { read: loadDictionary(baseUrl, (url, init) => f(url, { ...init, signal: signal() })).catch(() => SPEC_DICTIONARY), current };
}
