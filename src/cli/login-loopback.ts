/**
 * The browser half of `svc-excel login` (RFC 8252): a server on a loopback port waits for the
 * authorization server's redirect to http://127.0.0.1:<port>/callback, completes the sign-in once,
 * and answers the browser tab with a small page. A forged or stray callback is rejected without
 * ending a genuine sign-in. Nothing here prints but through the caller's (terminal-safe) sinks.
 */
import type { IncomingMessage, Server, ServerResponse } from "http";
import { isSignInError } from "../auth";
import type { OAuthClient } from "../auth";

type Pending = Awaited<ReturnType<OAuthClient["beginSignIn"]>>["pending"];

export interface LoopbackOptions {
  io: { stdout: (s: string) => void; stderr: (s: string) => void };
  timeoutMs: number;
  /** Opens the authorization URL in a browser; absent with --no-browser (the URL is printed). */
  open?: (url: string) => void;
  baseUrl: string;
}

function htmlPage(title: string, text: string): string {
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:48px;color:#201f1e}</style></head>
<body><h1>${esc(title)}</h1><p>${esc(text)}</p></body></html>`;
}

function page(res: ServerResponse, status: number, title: string, text: string): void {
  res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" }).end(htmlPage(title, text));
}

/** Callbacks that cannot be this sign-in's answer: reject them and keep waiting for the real one. */
const STRAY = new Set(["state_mismatch", "invalid_callback", "issuer_mismatch"]);

/** One sign-in's callback endpoint: settles `finished` with the exit code (0 signed in, 1 failed). */
class CallbackWaiter {
  pending: Pending | null = null;
  port = 0;
  private busy = false;
  private settle: (code: number) => void = () => undefined;
  readonly finished = new Promise<number>((r) => (this.settle = r));

  constructor(
    private readonly client: OAuthClient,
    private readonly io: LoopbackOptions["io"],
  ) {}

  end(code: number): void {
    this.settle(code);
  }

  readonly handle = (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (req.method !== "GET" || url.pathname !== "/callback" || !this.pending) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
      return;
    }
    if (this.busy) {
      res.writeHead(409, { "Content-Type": "text/plain" }).end("Sign-in is already being completed");
      return;
    }
    this.busy = true;
    this.client.completeSignIn(`http://127.0.0.1:${this.port}${req.url}`, this.pending).then(
      () => {
        page(res, 200, "Signed in to SVC", "You can close this tab and return to the terminal.");
        this.settle(0);
      },
      (e) => this.failed(res, e),
    );
  };

  private failed(res: ServerResponse, e: unknown): void {
    this.busy = false;
    const msg = isSignInError(e) ? e.message : String((e as Error)?.message ?? e);
    if (isSignInError(e) && STRAY.has(e.code)) {
      page(res, 400, "Sign-in answer rejected", msg);
      this.io.stderr(`svc-excel login: rejected a callback: ${msg}\n`);
      return;
    }
    page(res, 400, "Sign-in failed", msg);
    this.io.stderr(`svc-excel login: ${msg}\n`);
    this.settle(1);
  }
}

async function listenLoopback(ports: number[], handler: CallbackWaiter["handle"]): Promise<{ server: Server; port: number }> {
  const http = require("http") as typeof import("http");
  for (const port of [...ports, 0]) {
    const server = http.createServer(handler);
    const ok = await new Promise<boolean>((resolve) => {
      server.once("error", () => resolve(false));
      server.listen(port, "127.0.0.1", () => resolve(true));
    });
    if (ok) return { server, port: (server.address() as import("net").AddressInfo).port };
  }
  throw new Error("could not listen on 127.0.0.1");
}

/** Listen, start the sign-in, print (and open) its URL, wait for the answer; the exit code. */
export async function signInThroughLoopback(client: OAuthClient, ports: number[], opts: LoopbackOptions): Promise<number> {
  const waiter = new CallbackWaiter(client, opts.io);
  const { server, port } = await listenLoopback(ports, waiter.handle);
  waiter.port = port;
  const timer = setTimeout(() => {
    opts.io.stderr("svc-excel login: no answer from the browser within 10 minutes; run `svc-excel login` again\n");
    waiter.end(1);
  }, opts.timeoutMs);
  try {
    const redirectUri = `http://127.0.0.1:${port}/callback`;
    let begun: Awaited<ReturnType<OAuthClient["beginSignIn"]>>;
    try {
      begun = await client.beginSignIn({ redirectUri });
    } catch (e) {
      opts.io.stderr(`svc-excel login: ${(e as Error).message}\n`);
      return 1;
    }
    waiter.pending = begun.pending;
    opts.io.stderr(`Open this address in a browser to sign in to ${opts.baseUrl} (waiting for the answer on ${redirectUri}):\n`);
    opts.io.stdout(`${begun.authorizeUrl}\n`);
    opts.open?.(begun.authorizeUrl);
    return await waiter.finished;
  } finally {
    clearTimeout(timer);
    server.closeAllConnections?.();
    await new Promise<void>((r) => server.close(() => r()));
  }
}
