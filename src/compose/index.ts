/**
 * The one composition root (contract 7): builds the client, the engine, the connection-scoped store
 * and the cross-runtime lock, for the page (./page, used by src/host/runtime.ts) and for the CLI
 * (./cli, used by src/cli/eval.ts). Only this folder picks adapters (src/adapters/browser or
 * src/adapters/node); the page entry never imports a Node module and the CLI entry never a browser one.
 */
import type { ApiClient, CredentialSource } from "../api/client";
import type { SvcEngine } from "../engine";

export { connectionScope, credentialFingerprint, normaliseBaseUrl } from "./scope";

export interface Connection {
  baseUrl: string;
  credentials: CredentialSource;
  /** Who the credential is (a key fingerprint, an issuer/account id): never the secret. */
  identity: string;
}

export interface Composed {
  engine: SvcEngine;
  client: ApiClient;
  /** The connection scope id (cache and quota partition, lock name suffix). */
  scope: string;
}
