/**
 * What every `svc-excel` command uses to reach the API, in one place: the connection options
 * (--base-url, --token, --token-file, --cache-dir), the user's configuration folder, the refusal of a
 * credential over plain http, the `svc-excel login` credentials file and its OAuth client, and the
 * engine of a credential's connection (built by src/compose with the CLI's lock folder and timeout,
 * with the runtime the SVC functions run with). Commands import this, never each other.
 */
import * as path from "path";
import type { CredentialSource } from "../api";
import { SIGN_IN_MESSAGE, SvcError } from "../api";
import type { OAuthClient } from "../auth";
import { cliFetch, composeCliOAuth, rememberCacheRoot } from "../compose/cli-auth";
import { CliCredentials, EngineSetup, connectionEngine as composedConnectionEngine } from "../compose/cli-engine";
import { isLoopbackHttp } from "../platform";
import { CliOption } from "./command";
import { TokenSource, tokenOption } from "./token-option";

export type { CliCredentials, EngineSetup };

/** The local sandbox (`npm start`): every command's default API address. */
export const SANDBOX_BASE_URL = "http://127.0.0.1:8787";
export const CLI_SIGNED_OUT_MESSAGE = "Not signed in: run `svc-excel login` (or pass --token)";
export const CLI_SIGN_IN_HINT = "run `svc-excel login`";
/**
 * The loopback ports login listens on, in order. ONE registration lists all of them (registrations
 * are limited to 10 an hour per address, which an office behind one NAT address shares), so a busy
 * port falls back to the next without registering again. Only when all are taken does login use a
 * random port, which costs a registration.
 */
export const CLI_LOGIN_PORTS = [28473, 38473, 48473];
export const loopbackRedirect = (port: number): string => `http://127.0.0.1:${port}/callback`;

/** The options every command that calls the API takes (their help text is shared). */
export const CONNECTION_OPTIONS: readonly CliOption[] = [
  { flag: "--base-url", value: "URL", help: "The API address (default $SVC_BASE_URL, else the local sandbox http://127.0.0.1:8787)" },
  { flag: "--token-file", value: "PATH", help: "Read the API key or access token from the first line of PATH (default $SVC_TOKEN; else the sign-in `svc-excel login` stored)" },
  { flag: "--token", value: "-", help: "`--token -` reads the credential from standard input; a literal value works but warns (other users see it in `ps`)" },
  { flag: "--cache-dir", value: "DIR", help: "Keep answers in DIR between runs: the same formulas again cost no call" },
];

/** The credential source the flags name (`--token` before `--token-file`), else null. */
export function tokenArg(token: string | true | undefined, file: string | true | undefined): TokenSource | null {
  if (typeof token === "string") return tokenOption("--token", token);
  if (typeof file === "string") return tokenOption("--token-file", file);
  return null;
}


/** The user's private configuration folder of the CLI: `$XDG_CONFIG_HOME/svc-excel`, else `~/.config/svc-excel`. */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  const path = require("path") as typeof import("path");
  const os = require("os") as typeof import("os");
  const base = env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : path.join(os.homedir(), ".config");
  return path.join(base, "svc-excel");
}

/** `$SVC_CREDENTIALS`, else `$XDG_CONFIG_HOME/svc-excel/credentials.json`, else `~/.config/svc-excel/credentials.json`. */
export function defaultCredentialsFile(env: NodeJS.ProcessEnv = process.env): string {
  const path = require("path") as typeof import("path");
  if (env.SVC_CREDENTIALS) return path.resolve(env.SVC_CREDENTIALS);
  return path.join(configDir(env), "credentials.json");
}

function lockDirFor(file: string): string {
  const path = require("path") as typeof import("path");
  return path.join(path.dirname(file), ".locks");
}

/**
 * A credential (API key, --token, OAuth token) goes over https, or over plain http to loopback only
 * (a sandbox on this machine). Returns why not, or null when the base URL is fine.
 */
export function plainHttpCredentialProblem(baseUrl: string): string | null {
  let u: URL;
  try {
    u = new URL(baseUrl);
  } catch {
    return null; // not a URL: the caller reports that
  }
  if (u.protocol === "https:" || isLoopbackHttp(u)) return null;
  return `refusing to send a credential over plain http to ${u.host}; use https (plain http is allowed for 127.0.0.1/localhost only)`;
}

/** A pre-registered client id from the environment (SVC_CLIENT_ID): no dynamic registration at all. */
export function clientIdFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const v = env.SVC_CLIENT_ID?.trim();
  return v ? v : undefined;
}

/** The OAuth client over a credentials file and its lock file (in a private directory next to it). */
export function fileOAuthClient(opts: {
  baseUrl: string;
  file?: string;
  fetch?: typeof fetch;
  now?: () => number;
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
  /** How long a dead process's lock blocks the others (default 30 s; tests shorten it). */
  lockStaleMs?: number;
}): OAuthClient {
  const file = opts.file ?? defaultCredentialsFile();
  return composeCliOAuth({
    file,
    lockDir: lockDirFor(file),
    lockStaleMs: opts.lockStaleMs,
    baseUrl: opts.baseUrl,
    // Sign-in, refresh and revocation go through HTTPS_PROXY / HTTP_PROXY like the tool calls.
    fetch: opts.fetch ?? cliFetch(opts.env ?? process.env),
    now: opts.now,
    timeoutMs: opts.timeoutMs,
    clientName: "SVC for Excel (command line)",
    clientId: clientIdFromEnv(opts.env ?? process.env),
    registerRedirectUris: CLI_LOGIN_PORTS.map(loopbackRedirect),
    signedOutMessage: CLI_SIGNED_OUT_MESSAGE,
    signInHint: CLI_SIGN_IN_HINT,
  });
}

/** What `svc-excel eval` uses when no --token is given: refreshes with the cross-process rules. */
export async function credentialsFromFile(opts: { baseUrl: string; file?: string }): Promise<CredentialSource> {
  return fileOAuthClient(opts);
}

/**
 * The same for `svc-excel eval`: the OAuth sign-in decides the connection (its cache and
 * quota state follow `connectionId()`), and a --cache-dir in use is remembered so logout can clear it.
 */
export async function fileCredentialsFor(baseUrl: string, file?: string): Promise<{ source: CredentialSource; usedCacheDir(dir: string): void }> {
  const f = file ?? defaultCredentialsFile();
  return { source: await credentialsFromFile({ baseUrl, file: f }), usedCacheDir: (dir) => rememberCacheRoot(f, dir) };
}

/** Whether a failure is for want of a sign-in (read from its kind), and the reason the sign-in gave. */
export function signInFailure(e: SvcError): { reason: string } | null {
  if (e.kind === "unauthorized") return { reason: "" };
  if (e.kind !== "signed_out") return null;
  return { reason: e.detail === SIGN_IN_MESSAGE ? "" : e.detail };
}

/**
 * The call lock's folder, in the user's private configuration folder: the same for a cron job and an
 * interactive shell (XDG_RUNTIME_DIR is set in one and not the other), and never a guessable /tmp
 * path another local user could create first.
 */
export function lockDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(configDir(env), "locks");
}


/** Per-call timeout: SVC_TIMEOUT_MS (1,000-55,000 ms), else the client's default (well under 60 s). */
export function timeoutFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const n = Number(env.SVC_TIMEOUT_MS);
  return Number.isInteger(n) && n >= 1000 && n <= 55_000 ? n : undefined;
}

/** The CLI's lock directory and per-call timeout, from its environment. */
const engineOptions = () => ({ lockDir: lockDir(), timeoutMs: timeoutFromEnv() });

/** The engine of a credential's connection (src/compose/cli-engine.ts), with the CLI's lock directory and timeout. */
export function connectionEngine(baseUrl: string, cacheDir: string | null, creds: CliCredentials): Promise<EngineSetup> {
  return composedConnectionEngine(baseUrl, cacheDir, creds, engineOptions());
}
