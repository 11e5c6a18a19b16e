/**
 * REST client for the Company Data API: one GET per tool call, typed errors for every status,
 * a per-call timeout, and the quota header read on every answer. It knows nothing of queues or
 * caches (src/engine) nor of how tokens are obtained (a CredentialSource from src/auth or the CLI).
 */
import { withoutSecret } from "./redact";
import { decodeText, discardBody, parseBounded, readBoundedBytes } from "./bounded-body";
import { ToolName } from "./catalogue";
import { SIGN_IN_MESSAGE, SvcError } from "./errors";
import { envelopeOf } from "./envelope";
import { credentialFingerprint } from "./fingerprint";
import { ToolParams } from "./validate";
import { trimToSent } from "./wide";
import { trimBaseUrl } from "../platform";

/** The REST envelope, as the client hands it on. Extra members are tolerated and dropped. */
export interface ApiAnswer {
  text: string;
  data: Record<string, unknown>;
  link: string;
  /** `X-Quota-Remaining`, when the answer carried it. */
  quotaRemaining: number | null;
}

/**
 * An answer received in full (status, headers and every byte of the body) but not yet read: the
 * status is known, so the next call may leave (the API has finished this one), while the body is
 * parsed afterwards. `open()` parses it as `call` would, or throws the same SvcError.
 */
export interface ReceivedAnswer {
  quotaRemaining: number | null;
  open(): ApiAnswer;
}

/** Supplies the bearer credential: a static key/token, or the OAuth client's current access token. */
export interface CredentialSource {
  /** The credential to send; rejects with SvcError("signed_out") when there is none. */
  getToken(): Promise<string>;
  /**
   * Called once after a 401 with the credential that was refused. Returns a new credential to retry
   * with (e.g. after a refresh), or null when there is nothing better to try.
   */
  onUnauthorized?(refused: string): Promise<string | null>;
  /**
   * Who signs the calls, never a secret: for an API key its fingerprint; for OAuth
   * `oauth:<issuer>|<client_id>|<sign_in_id>` (a new id at every sign-in, kept across refreshes);
   * null when signed out. Cache and quota/breaker state are kept per connection id (src/compose).
   */
  connectionId?(): Promise<string | null>;
}

export function staticCredentials(token: string | null | undefined): CredentialSource {
  return {
    async getToken() {
      if (!token) throw new SvcError("signed_out", SIGN_IN_MESSAGE);
      return token;
    },
    async connectionId() {
      return token ? credentialFingerprint(token) : null;
    },
  };
}

export interface ClientOptions {
  baseUrl: string;
  credentials: CredentialSource;
  fetch?: typeof fetch;
  /** Per-call timeout; well under the host's 60 s fetch limit. */
  timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 20_000;

/** Build `{base}/api/public/v1/<tool>?...` with list parameters comma-separated. */
export function toolUrl(baseUrl: string, tool: ToolName, params: ToolParams): string {
  const url = new URL(`${trimBaseUrl(baseUrl)}/api/public/v1/${tool}`);
  for (const k of Object.keys(params).sort()) {
    const v = params[k];
    url.searchParams.set(k, Array.isArray(v) ? v.join(",") : String(v));
  }
  return url.toString();
}

function quotaHeader(res: Response): number | null {
  const raw = res.headers.get("X-Quota-Remaining");
  if (raw === null || raw.trim() === "") return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
}

/** The longest pause a server's Retry-After can impose (999999999 s would stop every call for 31 years). */
export const MAX_RETRY_AFTER_MS = 60 * 60_000;

/** `Retry-After` (delay seconds or an HTTP date) in ms, at most MAX_RETRY_AFTER_MS; the engine's breaker honours it. */
export function retryAfterMs(raw: string | null): number | null {
  const t = raw?.trim();
  if (!t) return null;
  if (/^\d+(\.\d+)?$/.test(t)) return Math.min(Math.round(Number(t) * 1000), MAX_RETRY_AFTER_MS);
  const at = Date.parse(t);
  return Number.isFinite(at) ? Math.min(Math.max(0, at - Date.now()), MAX_RETRY_AFTER_MS) : null;
}

/** FastAPI's validation-error body: {"detail":[{"loc":[...],"msg":"..."}]} → "limit: msg". */
function detailText(body: unknown): string | undefined {
  if (!body || typeof body !== "object") return undefined;
  const d = (body as { detail?: unknown }).detail;
  if (typeof d === "string") return d;
  if (Array.isArray(d)) {
    return d
      .map((e) => {
        if (!e || typeof e !== "object") return String(e);
        const loc = Array.isArray((e as { loc?: unknown[] }).loc) ? (e as { loc: unknown[] }).loc : [];
        const where = loc.filter((x) => x !== "query" && x !== "body").join(".");
        const msg = String((e as { msg?: unknown }).msg ?? "invalid");
        return where ? `${where}: ${msg}` : msg;
      })
      .join("; ");
  }
  return undefined;
}

/** Tell the two 429s apart by the detail: only an explicit quota message stops calls for the day. */
export function isQuotaDetail(detail: string): boolean {
  return /quota|daily|per day|calls today|limit reached for today/i.test(detail) && !/still running|another call|concurren|in progress/i.test(detail);
}

export function errorForStatus(status: number, detail: string | undefined): SvcError {
  const d = detail?.trim();
  switch (status) {
    case 400:
      return new SvcError("bad_request", d || "The API rejected a parameter", { status });
    case 401:
      return new SvcError("unauthorized", d || "Not signed in", { status });
    case 402:
      return new SvcError("payment_required", d || "No active plan or trial", { status });
    case 404:
      return new SvcError("not_found", d || "Not found", { status });
    case 422:
      return new SvcError("unprocessable", d || "The API rejected a parameter", { status });
    case 429:
      return d && isQuotaDetail(d)
        ? new SvcError("quota_exhausted", d, { status })
        : new SvcError("busy", d || "Too many requests (429, no reason given)", { status });
    case 503:
      return new SvcError("unavailable", d || "The API is temporarily switched off", { status });
    default:
      if (status >= 500) return new SvcError("unavailable", d || `Server error ${status}`, { status });
      return new SvcError("bad_request", d || `Unexpected status ${status}`, { status });
  }
}

/** A 3xx (Node) or an opaque redirect (browsers, with redirect: "manual"). */
function isRedirect(res: Response): boolean {
  return res.type === "opaqueredirect" || (res.status >= 300 && res.status < 400);
}

function redirectError(res: Response): SvcError {
  const to = res.headers.get("Location");
  const where = to ? ` to ${to.slice(0, 200)}` : "";
  return new SvcError("malformed", `The API answered with a redirect${where}; tool calls do not follow redirects`, { status: res.status || undefined });
}

/** An error answer's body, parsed for its detail; one that is not JSON is no detail. */
function errorBody(raw: Uint8Array | undefined, status: number): unknown {
  try {
    return raw ? parseBounded(decodeText(raw), status) : undefined;
  } catch {
    return undefined;
  }
}

/** A successful answer's parse failure as the client reports it. */
function notJson(e: unknown, status: number): unknown {
  if (e instanceof SvcError || !(e instanceof SyntaxError)) return e;
  return new SvcError("malformed", `The API sent a body that is not JSON (status ${status})`, { status });
}

/** The typed error of a non-2xx answer, with WWW-Authenticate and Retry-After attached for the callers. */
function statusError(res: Response, body: unknown): SvcError {
  const err = errorForStatus(res.status, detailText(body));
  if (res.status === 401) {
    (err as { wwwAuthenticate?: string | null }).wwwAuthenticate = res.headers.get("WWW-Authenticate");
  }
  const retryAfter = retryAfterMs(res.headers.get("Retry-After"));
  if (retryAfter !== null) (err as { retryAfterMs?: number }).retryAfterMs = retryAfter;
  return err;
}

export class ApiClient {
  private readonly fetchImpl: typeof fetch;
  readonly baseUrl: string;
  readonly timeoutMs: number;
  /** The last `X-Quota-Remaining` seen, for callers without an engine. */
  lastQuota: number | null = null;

  constructor(private readonly opts: ClientOptions) {
    this.baseUrl = trimBaseUrl(opts.baseUrl);
    this.fetchImpl = opts.fetch ?? ((...a) => fetch(...a));
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** One tool call. A 401 is retried once if the credential source offers a new credential. */
  async call(tool: ToolName, params: ToolParams): Promise<ApiAnswer> {
    return (await this.receive(tool, params)).open();
  }

  /** One tool call, its successful answer's body left unparsed (see ReceivedAnswer); errors as `call`. */
  async receive(tool: ToolName, params: ToolParams): Promise<ReceivedAnswer> {
    const token = await this.opts.credentials.getToken();
    try {
      return await this.send(tool, params, token);
    } catch (e) {
      if (e instanceof SvcError && e.kind === "unauthorized" && this.opts.credentials.onUnauthorized) {
        const next = await this.opts.credentials.onUnauthorized(token);
        if (next && next !== token) return this.send(tool, params, next);
      }
      throw e;
    }
  }

  private async send(tool: ToolName, params: ToolParams, token: string): Promise<ReceivedAnswer> {
    const clean = (e: unknown): unknown => (e instanceof SvcError ? withoutSecret(e, token) : e);
    let got: { raw: Uint8Array; quota: number | null; status: number };
    try {
      got = await this.sendOnce(tool, params, token);
    } catch (e) {
      throw clean(e);
    }
    const { raw, quota, status } = got;
    return {
      quotaRemaining: quota,
      open: () => {
        try {
          return this.parseEnvelope(tool, params, parseBounded(decodeText(raw), status), quota, status);
        } catch (e) {
          throw clean(notJson(e, status));
        }
      },
    };
  }

  /** The call up to a successful answer's bytes (a non-2xx answer throws its typed error here). */
  private async sendOnce(tool: ToolName, params: ToolParams, token: string): Promise<{ raw: Uint8Array; quota: number | null; status: number }> {
    const ctrl = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      ctrl.abort();
    }, this.timeoutMs);
    const lost = (e: unknown, what: string): SvcError =>
      timedOut ? new SvcError("timeout", `No answer within ${Math.round(this.timeoutMs / 1000)} s`) : new SvcError("network", `${what}: ${(e as Error)?.message ?? e}`);
    try {
      let res: Response;
      try {
        res = await this.fetchImpl(toolUrl(this.baseUrl, tool, params), {
          method: "GET",
          headers: { Authorization: `Bearer ${token}`, Accept: "application/json" },
          // A redirect would take the credential and the answer elsewhere: refused, never followed.
          redirect: "manual",
          signal: ctrl.signal,
        });
      } catch (e) {
        throw lost(e, "Network failure");
      }
      if (isRedirect(res)) {
        await discardBody(res);
        throw redirectError(res);
      }
      const quota = quotaHeader(res);
      if (quota !== null) this.lastQuota = quota;
      const raw = await this.readBody(res, lost);
      if (!res.ok) throw statusError(res, errorBody(raw, res.status));
      return { raw: raw ?? new Uint8Array(0), quota, status: res.status };
    } finally {
      clearTimeout(timer);
    }
  }

  /** The body's bytes within the byte cap; an error answer's oversized or unreadable body is just no detail (undefined). */
  private async readBody(res: Response, lost: (e: unknown, what: string) => SvcError): Promise<Uint8Array | undefined> {
    try {
      return await readBoundedBytes(res);
    } catch (e) {
      if (e instanceof SvcError) {
        if (res.ok) throw e;
        return undefined;
      }
      throw lost(e, "Connection dropped");
    }
  }

  private parseEnvelope(tool: ToolName, params: ToolParams, body: unknown, quota: number | null, status: number): ApiAnswer {
    const env = envelopeOf(body, status);
    // Never more rows than were asked for, whatever the API sent.
    return { text: env.text, data: trimToSent(tool, params, env.data), link: env.link, quotaRemaining: quota };
  }
}
