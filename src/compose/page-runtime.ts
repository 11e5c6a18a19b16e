/**
 * The add-in page's runtime (Excel's shared runtime), composed once: the credentials, the ApiClient,
 * the ONE engine, Office's cell host and the SourceBook of the page's cells, from the build-time
 * config. The custom functions reach it through excelCell (./excel-functions.ts), the pane through
 * the Host it is handed. Idempotent: loading the bundle twice in one runtime reuses the first host
 * (./runtime-slot.ts, the one global it is kept in), so there is never a second engine, queue or cache.
 *
 * Credentials: the OAuth client, composed by src/compose/page-auth.ts (tokens in localStorage under
 * Office's partition key, refresh under a Web Lock). A loopback development page (workbench, tests, `npm start`) may instead hand over a
 * sandbox API key through `__SVC_DEV__` (src/host/config.ts); a production page never does.
 */
import { CredentialSource, staticCredentials } from "../api";
import type { OAuthClient } from "../auth";
import { addinUrlFromPage } from "../auth";
import { signInWithDialog } from "../auth";
import { officeDialogHost, storagePartitionKey } from "../office";
import { officeCellHost } from "../office";
import { callFunction } from "../functions";
import type { CellInvocation } from "../functions";
import { cellRuntime } from "../functions";
import { SourceBook } from "../functions";
import type { LocalStorageTokenStore, StorageLike } from "../auth";
import type { SvcEngine } from "../engine";
import type { Host } from "../host";
import { credentialFingerprint } from "./scope";
import { composePage, pageLock } from "./page";
import { composePageAuth } from "./page-auth";
import { effectiveConfig } from "../host";
import { trimBaseUrl } from "../platform";
import { claimPageHost } from "./runtime-slot";

function localStorageOrNull(): StorageLike | null {
  try {
    const s = (globalThis as { localStorage?: StorageLike }).localStorage;
    return s ?? null;
  } catch {
    return null; // storage disabled (e.g. a sandboxed frame)
  }
}

function partitionKey(): string {
  try {
    return storagePartitionKey();
  } catch {
    return "";
  }
}

/**
 * Where this page's add-in is hosted (in Excel: SVC_ADDIN_URL, sub-path included; in the tests and
 * the workbench: the loopback server): the folder of this page, taskpane.html being at the root.
 */
function pageAddinUrl(fallback: string): string {
  const loc = (globalThis as { location?: { href?: string; protocol?: string } }).location;
  return loc?.href && /^https?:$/.test(loc.protocol ?? "") ? addinUrlFromPage(loc.href) : trimBaseUrl(fallback);
}

/** Sign-out clears the cache and quota state of the connection. */
export function forgetConnection(engine: SvcEngine): Promise<void> {
  return engine.forgetConnection();
}

/** A sign-in or sign-out in another runtime of this origin (another workbook, the dialog) is seen here. */
function listenForOtherRuntimes(auth: OAuthClient, store: LocalStorageTokenStore, baseUrl: string): void {
  const w = globalThis as { addEventListener?: (type: string, fn: (e: { key: string | null }) => void) => void };
  const key = store.tokensKey(baseUrl);
  // `storage` fires only in the OTHER runtimes of the origin; key null = storage cleared.
  w.addEventListener?.("storage", (e) => {
    if (e.key === null || e.key === key) void auth.externalChange();
  });
}

function build(): Host {
  const config = effectiveConfig();
  const lock = pageLock();
  let credentials: CredentialSource;
  let auth: OAuthClient | null = null;
  let engine: SvcEngine | null = null;
  // The cache and quota scope: the API address plus who signs the calls (never the secret itself):
  // a key's fingerprint, or the OAuth sign-in's connection id, read before every request.
  let identity: string | undefined;
  if (config.dev.apiKey) {
    credentials = staticCredentials(config.dev.apiKey);
    identity = credentialFingerprint(config.dev.apiKey);
  } else {
    const page = composePageAuth({
      baseUrl: config.baseUrl,
      clientId: config.clientId,
      timeoutMs: config.dev.authTimeoutMs,
      lock,
      storage: localStorageOrNull(),
      partitionKey: partitionKey(),
      onSignedOut: () => (engine ? forgetConnection(engine) : undefined),
    });
    auth = page.auth;
    if (page.lsStore) listenForOtherRuntimes(auth, page.lsStore, config.baseUrl);
    credentials = auth;
  }
  const composed = composePage({ baseUrl: config.baseUrl, credentials, identity }, { dbName: config.dev.storeName, lock });
  const client = composed.client;
  engine = composed.engine;
  // A sign-in (here or in another runtime) moves the engine to the new connection at once, so the
  // pane's quota and counts are the new account's; requests check it again anyway.
  auth?.onStatusChange(() => void composed.engine.current());
  const addinUrl = pageAddinUrl(config.addinUrl);
  return {
    config,
    engine: engine as SvcEngine,
    cells: { ...cellRuntime(composed.engine, { host: officeCellHost, dictionary: composed.currentDictionary }), sources: new SourceBook() },
    client,
    auth,
    lock,
    addinUrl,
    async signIn(onState) {
      if (!auth) throw new Error("This development page uses a sandbox API key; open it without one to sign in");
      return signInWithDialog({ client: auth, dialog: officeDialogHost(), addinUrl, onState });
    },
  };
}

/** The host of this runtime, built on first use. */
export function startHost(): Host {
  return claimPageHost(build);
}

/** Excel's call of an SVC function: the cell of that name with this page's runtime. */
export function excelCell(name: string, args: readonly unknown[], invocation: CellInvocation | undefined): Promise<unknown[][]> {
  return callFunction(startHost().cells, name, args, invocation ?? {});
}
