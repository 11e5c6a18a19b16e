/**
 * The add-in page's host as the pane sees it: the config, the one engine, the cells' runtime (with
 * the SourceBook of the page's cells), the OAuth client and the sign-in. Composed by
 * src/compose/page-runtime.ts.
 */
import type { ApiClient } from "../api";
import type { AuthStatus, OAuthClient } from "../auth";
import type { PaneSignInState } from "../auth";
import type { SvcEngine } from "../engine";
import type { CellRuntime } from "../functions";
import type { SourceBook } from "../functions";
import type { CrossLock } from "../platform";
import type { DevOverrides, HostConfig } from "./config";

export interface Host {
  config: HostConfig & { dev: DevOverrides };
  engine: SvcEngine;
  /** What every cell of this page runs with; its SourceBook is the pane's record of the cells. */
  cells: CellRuntime & { sources: SourceBook };
  client: ApiClient;
  /** The OAuth client, or null when a development API key is in use. */
  auth: OAuthClient | null;
  lock: CrossLock;
  /** The add-in's address as this page sees it, sub-path included (dialog pages, redirect URI). */
  addinUrl: string;
  /** Sign in through the Office dialog (the pane's button calls this). */
  signIn(onState?: (s: PaneSignInState) => void): Promise<AuthStatus>;
}

