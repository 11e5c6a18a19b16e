/**
 * The CLI's fetch behind a proxy. Node's built-in fetch ignores HTTPS_PROXY / HTTP_PROXY (and their
 * lower-case forms); with one set, requests go through undici's ProxyAgent (a CONNECT tunnel for
 * https), chosen per request: https URLs use HTTPS_PROXY (else HTTP_PROXY, as npm and undici do),
 * http URLs HTTP_PROXY, and hosts named by NO_PROXY go direct. undici's own fetch is used with it, so
 * agent and fetch are one version whatever Node bundles. Without a proxy variable: the built-in
 * fetch. Node-only adapter.
 */
import type * as UndiciNs from "undici";

const pick = (env: NodeJS.ProcessEnv, ...names: string[]): string | undefined => names.map((n) => env[n]?.trim()).find((v) => !!v);

/** Whether the environment names a proxy. */
export function proxyConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  return !!pick(env, "HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy");
}

/**
 * NO_PROXY as curl and npm read it: entries separated by commas or spaces; `*` is every host; an
 * entry matches the host itself and its subdomains (a leading `.` or `*.` is ignored); `host:port`
 * matches that port only.
 */
export function bypassesProxy(url: URL, noProxy: string | undefined): boolean {
  if (!noProxy) return false;
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return noProxy
    .split(/[\s,]+/)
    .filter(Boolean)
    .some((entry) => {
      if (entry === "*") return true;
      const e = entry.toLowerCase().replace(/^\*?\./, "");
      // A bare IPv6 address (several colons, no brackets) has no port part.
      const m = e.split(":").length > 2 && !e.startsWith("[") ? null : /^(.*?)(?::(\d+))?$/.exec(e);
      const [name, p] = m ? [m[1].replace(/^\[|\]$/g, ""), m[2]] : [e, undefined];
      return (!p || p === port) && (host === name || host.endsWith(`.${name}`));
    });
}

/** A fetch that honours the proxy variables, or undefined (use the built-in fetch) when none is set. */
export function proxyAwareFetch(env: NodeJS.ProcessEnv = process.env): typeof fetch | undefined {
  if (!proxyConfigured(env)) return undefined;
  // Loaded only behind a proxy: most runs never pay for it.
  const undici = require("undici") as typeof UndiciNs;
  const agents = new Map<string, UndiciNs.ProxyAgent>();
  const agentFor = (proxy: string) => agents.get(proxy) ?? agents.set(proxy, new undici.ProxyAgent(proxy)).get(proxy);
  const noProxy = pick(env, "NO_PROXY", "no_proxy");
  type Input = Parameters<typeof undici.fetch>[0];
  type Init = Parameters<typeof undici.fetch>[1];
  const proxied = (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
    const proxy = url.protocol === "https:" ? pick(env, "HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy") : pick(env, "HTTP_PROXY", "http_proxy");
    const dispatcher = proxy && !bypassesProxy(url, noProxy) ? agentFor(proxy) : undefined;
    return undici.fetch(input as Input, { ...(init as Init), ...(dispatcher ? { dispatcher } : {}) });
  };
  return proxied as unknown as typeof fetch;
}
