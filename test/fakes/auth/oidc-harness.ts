/**
 * Test harness around the real oidc-provider (test/fakes/auth/oidc-provider-server.mjs, run in a
 * child process because oidc-provider is ESM-only) plus a minimal protected resource that points to
 * it (RFC 9728) and checks tokens against it: an API whose authorization server is independent.
 */
import { ChildProcess, spawn } from "child_process";
import * as http from "http";
import type { AddressInfo } from "net";
import * as path from "path";

export interface OidcProviderProcess {
  issuer: string;
  /** Where the process listens (= issuer unless ISSUER named a proxy in front of it). */
  listen: string;
  child: ChildProcess;
  stats(): Promise<Record<string, number>>;
  isActive(token: string): Promise<boolean>;
  stop(): Promise<void>;
}

export async function startOidcProvider(env: Record<string, string> = {}): Promise<OidcProviderProcess> {
  const script = path.join(__dirname, "oidc-provider-server.mjs");
  const child = spawn(process.execPath, [script], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += String(d)));
  const { issuer, listen } = await new Promise<{ issuer: string; listen: string }>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`oidc-provider did not start: ${stderr}`)), 15_000);
    child.stdout!.on("data", (d) => {
      out += String(d);
      const nl = out.indexOf("\n");
      if (nl >= 0) {
        clearTimeout(timer);
        try {
          const v = JSON.parse(out.slice(0, nl)) as { issuer: string; listen?: string };
          resolve({ issuer: v.issuer, listen: v.listen ?? v.issuer });
        } catch (e) {
          reject(e);
        }
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`oidc-provider exited (${code}): ${stderr}`));
    });
  });
  return {
    issuer,
    listen,
    child,
    stats: async () => (await (await fetch(`${listen}/_test/stats`)).json()) as Record<string, number>,
    isActive: async (token) => ((await (await fetch(`${listen}/_test/validate?token=${encodeURIComponent(token)}`)).json()) as { active: boolean }).active,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.exitCode === null && child.kill("SIGKILL"), 3000).unref();
      }),
  };
}

/** An API whose 401 names the oidc-provider as its authorization server. */
export async function startResourceServer(issuer: string): Promise<{ url: string; calls: number; close(): Promise<void> }> {
  const state = { calls: 0 };
  let base = "";
  const validate = async (token: string) =>
    ((await (await fetch(`${issuer}/_test/validate?token=${encodeURIComponent(token)}`)).json()) as { active: boolean }).active;
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", base);
    if (url.pathname === "/.well-known/oauth-protected-resource/mcp") {
      res.writeHead(200, { "Content-Type": "application/json" });
      return res.end(JSON.stringify({ resource: `${base}/mcp`, authorization_servers: [issuer], scopes_supported: ["read"] }));
    }
    if (url.pathname === "/mcp" || url.pathname.startsWith("/api/public/v1/")) {
      const m = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? "");
      if (!m || !(await validate(m[1].trim()))) {
        res.writeHead(401, {
          "Content-Type": "application/json",
          "WWW-Authenticate": `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`,
        });
        return res.end(JSON.stringify({ detail: "Missing, unknown or revoked credential" }));
      }
      state.calls++;
      res.writeHead(200, { "Content-Type": "application/json" });
      return res.end(JSON.stringify({ text: "ok", data: { ok: true }, link: "" }));
    }
    res.writeHead(404, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ detail: "Not found" }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    get calls() {
      return state.calls;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections?.();
        server.close(() => r());
      }),
  };
}
