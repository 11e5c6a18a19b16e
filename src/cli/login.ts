/**
 * `svc-excel login | logout` (the credentials file and its OAuth client, which every command uses
 * without --token, are ./connection.ts).
 *
 * The same OAuth client as the add-in, with a loopback redirect (RFC 8252) on
 * http://127.0.0.1:<port>/callback, tokens in a 0600 JSON file, and a lock file so several eval
 * processes refresh once between them (and re-read the file inside the lock).
 *
 *   svc-excel login  [--base-url URL] [--no-browser] [--credentials FILE]
 *   svc-excel logout [--base-url URL] [--credentials FILE]
 *
 * stdout carries exactly one line during login: the authorization URL. Everything else goes to stderr.
 */
import { normaliseBaseUrl } from "../platform";
import { clearRememberedCaches, cliTokenStore } from "../compose/cli-auth";
import type { OAuthClient } from "../auth";
import { CLI_LOGIN_PORTS, SANDBOX_BASE_URL, fileOAuthClient, defaultCredentialsFile } from "./connection";
import { signInThroughLoopback } from "./login-loopback";
import { safeSink, writeErr, writeOut } from "./terminal";

const LOGIN_TIMEOUT_MS = 10 * 60_000;

export interface CliIo {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  env: NodeJS.ProcessEnv;
  /** Try to open a URL in a browser (default: xdg-open / open / start; failures ignored). */
  openBrowser?: (url: string) => void;
  /** For tests: override how long login waits for the callback. */
  timeoutMs?: number;
}

const defaultIo = (): CliIo => ({
  stdout: writeOut,
  stderr: writeErr,
  env: process.env,
});

/** Every line login/logout print goes through the terminal filter, whatever sink it ends in. */
function ioFrom(ioIn?: Partial<CliIo>): CliIo {
  const io = { ...defaultIo(), ...ioIn };
  return { ...io, stdout: safeSink(io.stdout), stderr: safeSink(io.stderr) };
}


/** A new sign-in or a sign-out ended connection `id`: clear its cache wherever eval put it. */
async function forgetConnectionCaches(file: string, baseUrl: string, id: string | null): Promise<void> {
  if (id) await clearRememberedCaches(file, baseUrl, id).catch(() => undefined);
}

interface LoginArgs {
  baseUrl: string;
  noBrowser: boolean;
  file: string;
  help: boolean;
}

function parseArgs(args: string[], env: NodeJS.ProcessEnv, allowNoBrowser: boolean): LoginArgs | string {
  const out: LoginArgs = { baseUrl: env.SVC_BASE_URL || SANDBOX_BASE_URL, noBrowser: false, file: "", help: false };
  let file: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const eq = a.indexOf("=");
    const flag = a.startsWith("--") && eq > 0 ? a.slice(0, eq) : a;
    const value = (): string => {
      if (a.startsWith("--") && eq > 0) return a.slice(eq + 1);
      const v = args[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    try {
      if (flag === "--base-url") out.baseUrl = value();
      else if (flag === "--credentials") file = value();
      else if (flag === "--no-browser" && allowNoBrowser) out.noBrowser = true;
      else if (flag === "--help" || flag === "-h") out.help = true;
      else return `unknown argument ${a}`;
    } catch (e) {
      return (e as Error).message;
    }
  }
  try {
    const u = new URL(out.baseUrl);
    if (u.protocol !== "https:" && u.protocol !== "http:") return `--base-url must be http(s): ${out.baseUrl}`;
  } catch {
    return `--base-url is not a URL: ${out.baseUrl}`;
  }
  out.baseUrl = normaliseBaseUrl(out.baseUrl);
  const path = require("path") as typeof import("path");
  out.file = file ? path.resolve(file) : defaultCredentialsFile(env);
  return out;
}

/**
 * How to open a URL per platform, with the URL as ONE argument (no shell): on Windows
 * `cmd /c start` would cut the URL at `&` and run what follows as a command.
 */
export function browserOpener(url: string, platform: NodeJS.Platform = process.platform): [string, string[]] {
  if (platform === "darwin") return ["open", [url]];
  if (platform === "win32") return ["rundll32", ["url.dll,FileProtocolHandler", url]];
  return ["xdg-open", [url]];
}

function tryOpenBrowser(url: string): void {
  const { spawn } = require("child_process") as typeof import("child_process");
  const [cmd, args] = browserOpener(url);
  try {
    const child = spawn(cmd, args as string[], { stdio: "ignore", detached: true });
    child.on("error", () => undefined);
    child.unref();
  } catch {
    /* no browser: the URL is printed */
  }
}

const USAGE_LOGIN = "usage: svc-excel login [--base-url URL] [--no-browser] [--credentials FILE]\n";
const USAGE_LOGOUT = "usage: svc-excel logout [--base-url URL] [--credentials FILE]\n";

export async function loginCommand(args: string[], ioIn?: Partial<CliIo>): Promise<number> {
  const io = ioFrom(ioIn);
  const parsed = parseArgs(args, io.env, true);
  if (typeof parsed === "string") {
    io.stderr(`svc-excel login: ${parsed}\n${USAGE_LOGIN}`);
    return 2;
  }
  if (parsed.help) {
    io.stdout(USAGE_LOGIN);
    return 0;
  }
  const client = fileOAuthClient({ baseUrl: parsed.baseUrl, file: parsed.file, env: io.env });
  // The connection this sign-in replaces (its cache is cleared once the new one is saved).
  const replaced = await client.connectionId().catch(() => null);
  let ports: number[];
  try {
    ports = await preferredPorts(client);
  } catch (e) {
    io.stderr(`svc-excel login: ${(e as Error).message}\n`);
    return 1;
  }
  const code = await signInThroughLoopback(client, ports, {
    io,
    timeoutMs: io.timeoutMs ?? LOGIN_TIMEOUT_MS,
    open: parsed.noBrowser ? undefined : (io.openBrowser ?? tryOpenBrowser),
    baseUrl: parsed.baseUrl,
  });
  if (code === 0) {
    if (replaced !== (await client.connectionId().catch(() => null))) await forgetConnectionCaches(parsed.file, parsed.baseUrl, replaced);
    io.stderr(`Signed in. Credentials saved to ${parsed.file}\n`);
  }
  return code;
}

/** Ports the stored registration already covers first, then the fixed ones (one registration lists them). */
async function preferredPorts(client: OAuthClient): Promise<number[]> {
  const registered = (await client.registeredRedirectUris())
    .map((u) => new URL(u))
    .filter((u) => u.protocol === "http:" && u.hostname === "127.0.0.1" && u.pathname === "/callback" && u.port)
    .map((u) => Number(u.port));
  return [...new Set([...registered, ...CLI_LOGIN_PORTS])];
}

export async function logoutCommand(args: string[], ioIn?: Partial<CliIo>): Promise<number> {
  const io = ioFrom(ioIn);
  const parsed = parseArgs(args, io.env, false);
  if (typeof parsed === "string") {
    io.stderr(`svc-excel logout: ${parsed}\n${USAGE_LOGOUT}`);
    return 2;
  }
  if (parsed.help) {
    io.stdout(USAGE_LOGOUT);
    return 0;
  }
  let had: Awaited<ReturnType<ReturnType<typeof cliTokenStore>["getTokens"]>>;
  try {
    had = await cliTokenStore(parsed.file).getTokens(parsed.baseUrl);
  } catch (e) {
    // A damaged or non-private credentials file: say which and how to fix it.
    io.stderr(`svc-excel logout: ${(e as Error).message}\n`);
    return 1;
  }
  const client = fileOAuthClient({ baseUrl: parsed.baseUrl, file: parsed.file, env: io.env });
  const ending = await client.connectionId().catch(() => null);
  // Deletes the token record under the credentials lock; the client registration stays for the next login.
  const result = await client.signOut();
  await forgetConnectionCaches(parsed.file, parsed.baseUrl, ending);
  if (!had) {
    io.stderr(`Not signed in to ${parsed.baseUrl}; nothing to do\n`);
    return 0;
  }
  if (result.error) {
    io.stderr(`svc-excel logout: the server did not confirm the revocation (${result.error}); the local credentials are deleted\n`);
    return 1;
  }
  io.stderr(result.revoked ? `Signed out of ${parsed.baseUrl}: the connection is revoked and the credentials deleted\n` : `Signed out of ${parsed.baseUrl}: credentials deleted\n`);
  return 0;
}
