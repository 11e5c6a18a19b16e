/**
 * The CLI's credential → engine path, for `eval` and the model-file commands alike: which credential
 * signs the calls (a key given to the command, else the `svc-excel login` sign-in), and the engine
 * of that credential's connection built by composeCli, with the runtime the SVC functions run with.
 */
import { CredentialSource, staticCredentials } from "../api";
import type { ApiClient } from "../api";
import type { MetricDictionary } from "../api";
import type { SvcEngine } from "../engine";
import { CellRuntime, cellRuntime } from "../functions";
import { CliLock, composeCli } from "./cli";
import { credentialFingerprint } from "./scope";

export interface EngineSetup {
  engine: SvcEngine;
  client: ApiClient;
  lock: CliLock;
  /** Resolves once the API's metric dictionary was read (or could not be). */
  dictionary: Promise<MetricDictionary>;
  /**
   * What the SVC functions run with: this engine, the plain cell host, and numbers typed as Excel
   * shows them with data types (tables show what Excel shows; the cells store the plain values).
   */
  cells: CellRuntime;
}

/** Who signs the calls: a key (fixed identity: its fingerprint) or the OAuth sign-in (its connection id). */
export interface CliCredentials {
  source: CredentialSource;
  identity?: string;
  /** Told the --cache-dir in use (the OAuth sign-in remembers it, so logout can clear it). */
  usedCacheDir?(dir: string): void;
}

/** Where the CLI keeps its lock files and how long a call may take (from its environment). */
export interface CliEngineOptions {
  lockDir: string;
  timeoutMs?: number;
}

/** The credential in use: a key given on the command line or in SVC_TOKEN, else the `svc-excel login` sign-in. */
export async function credentialsFor(token: string | null, baseUrl: string, signIn: (baseUrl: string) => Promise<CliCredentials>): Promise<CliCredentials> {
  return token ? { source: staticCredentials(token), identity: credentialFingerprint(token) } : signIn(baseUrl);
}

/** Build through the composition root: one engine per connection (cache, quota, lock), scoped by base URL and connection id. */
function buildCliEngine(baseUrl: string, credentials: CredentialSource, identity: string | undefined, cacheDir: string | null, o: CliEngineOptions, connectionId?: string | null): EngineSetup {
  const { engine, client, lock, dictionary, currentDictionary } = composeCli({ baseUrl, credentials, identity }, { cacheDir, lockDir: o.lockDir, timeoutMs: o.timeoutMs, connectionId });
  return { engine, client, lock, dictionary, cells: cellRuntime(engine, { dataTypes: "numbers", dictionary: currentDictionary }) };
}

/**
 * The engine of that credential's connection (a key's fingerprint, or the OAuth sign-in's id, read
 * now so the connection's cache directory is checked before anything runs). Throws
 * PrivateStateError when that directory is refused.
 */
export async function connectionEngine(baseUrl: string, cacheDir: string | null, creds: CliCredentials, o: CliEngineOptions): Promise<EngineSetup> {
  const id = creds.identity ?? (await creds.source.connectionId?.().catch(() => null)) ?? null;
  const setup = buildCliEngine(baseUrl, creds.source, creds.identity, cacheDir, o, id);
  if (cacheDir) creds.usedCacheDir?.(cacheDir);
  return setup;
}
