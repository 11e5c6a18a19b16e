/**
 * Follows an authorization URL the way a user's browser would, with plain HTTP: redirects (with a
 * cookie jar), and on the fake server's consent page, submits the form with Allow (or Deny). Stops at
 * the first redirect to `redirectPrefix` and returns that callback URL. With `deliver`, also GETs it
 * (the CLI's loopback server) and returns the body too.
 */
export interface FollowOptions {
  redirectPrefix: string;
  decision?: "allow" | "deny";
  deliver?: boolean;
  maxSteps?: number;
}

export async function followAuthorize(start: string, o: FollowOptions): Promise<{ callbackUrl: string; deliveredStatus?: number; deliveredBody?: string }> {
  const jar = new Map<string, Map<string, string>>();
  const cookieHeader = (u: URL) => [...(jar.get(u.host)?.entries() ?? [])].map(([k, v]) => `${k}=${v}`).join("; ");
  const keep = (u: URL, res: Response) => {
    const set = (res.headers as unknown as { getSetCookie?: () => string[] }).getSetCookie?.() ?? [];
    for (const c of set) {
      const [pair] = c.split(";");
      const i = pair.indexOf("=");
      if (i < 0) continue;
      const m = jar.get(u.host) ?? new Map<string, string>();
      m.set(pair.slice(0, i).trim(), pair.slice(i + 1).trim());
      jar.set(u.host, m);
    }
  };
  let url = new URL(start);
  let method = "GET";
  let body: string | undefined;
  for (let step = 0; step < (o.maxSteps ?? 25); step++) {
    if (url.toString().startsWith(o.redirectPrefix)) {
      const callbackUrl = url.toString();
      if (!o.deliver) return { callbackUrl };
      const r = await fetch(callbackUrl);
      return { callbackUrl, deliveredStatus: r.status, deliveredBody: await r.text() };
    }
    const headers: Record<string, string> = { Accept: "text/html,application/json" };
    const ck = cookieHeader(url);
    if (ck) headers.Cookie = ck;
    if (body !== undefined) headers["Content-Type"] = "application/x-www-form-urlencoded";
    const res = await fetch(url, { method, headers, body, redirect: "manual" });
    keep(url, res);
    if (res.status >= 300 && res.status < 400) {
      const loc = res.headers.get("location");
      if (!loc) throw new Error(`redirect without Location from ${url}`);
      await res.body?.cancel();
      url = new URL(loc, url);
      method = "GET";
      body = undefined;
      continue;
    }
    const text = await res.text();
    if (res.status !== 200) throw new Error(`authorization step ${url} answered ${res.status}: ${text.slice(0, 300)}`);
    const txn = /name="txn" value="([^"]+)"/.exec(text);
    const action = /<form[^>]*action="([^"]+)"/.exec(text);
    if (!txn || !action) throw new Error(`no consent form at ${url}: ${text.slice(0, 300)}`);
    const decode = (s: string) => s.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n))).replace(/&amp;/g, "&");
    url = new URL(decode(action[1]), url);
    method = "POST";
    body = new URLSearchParams({ txn: decode(txn[1]), decision: o.decision ?? "allow" }).toString();
  }
  throw new Error("too many steps following the authorization URL");
}
