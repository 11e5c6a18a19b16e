/**
 * REST client for the Company Data API: one GET per tool call, typed errors for every status,
 * a per-call timeout, and the quota header read on every answer. It knows nothing of queues or
 * caches (src/engine) nor of how tokens are obtained (a CredentialSource from src/auth or the CLI).
 */
import { ToolName } from "./catalogue";
import { SIGN_IN_MESSAGE, SvcError } from "./errors";
import { ToolParams } from "./validate";

/** The REST envelope, as the client hands it on. Extra members are tolerated and dropped. */
export interface ApiAnswer {
  text: string;
  data: Record<string, unknown>;
  link: string;
  /** `X-Quota-Remaining`, when the answer carried it. */
  quotaRemaining: number | null;
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
}

export function staticCredentials(token: string | null | undefined): CredentialSource {
  return {
    async getToken() {
      if (!token) throw new SvcError("signed_out", SIGN_IN_MESSAGE);
      return token;
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
  const url = new URL(`${baseUrl.replace(/\/+$/, "")}/api/public/v1/${tool}`);
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

/** `Retry-After` (delay seconds or an HTTP date) in ms; the engine's breaker honours it. */
export function retryAfterMs(raw: string | null): number | null {
  const t = raw?.trim();
  if (!t) return null;
  if (/^\d+(\.\d+)?$/.test(t)) return Math.round(Number(t) * 1000);
  const at = Date.parse(t);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : null;
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

export class ApiClient {
  private readonly fetchImpl: typeof fetch;
  readonly baseUrl: string;
  readonly timeoutMs: number;
  /** The last `X-Quota-Remaining` seen, for callers without an engine. */
  lastQuota: number | null = null;

  constructor(private readonly opts: ClientOptions) {
    this.baseUrl = opts.baseUrl.replace(/\/+$/, "");
    this.fetchImpl = opts.fetch ?? ((...a) => fetch(...a));
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** One tool call. A 401 is retried once if the credential source offers a new credential. */
  async call(tool: ToolName, params: ToolParams): Promise<ApiAnswer> {
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

  private async send(tool: ToolName, params: ToolParams, token: string): Promise<ApiAnswer> {
    const ctrl = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      ctrl.abort();
    }, this.timeoutMs);
    try {
      let res: Response;
      try {
        res = await this.fetchImpl(toolUrl(this.baseUrl, tool, params), {
          method: "GET",
          headers: { Authorization: `Bearer ${token}`, Accept: "application/json" },
          signal: ctrl.signal,
        });
      } catch (e) {
        if (timedOut) throw new SvcError("timeout", `No answer within ${Math.round(this.timeoutMs / 1000)} s`);
        throw new SvcError("network", `Network failure: ${(e as Error)?.message ?? e}`);
      }
      const quota = quotaHeader(res);
      if (quota !== null) this.lastQuota = quota;
      let raw: string;
      try {
        raw = await res.text();
      } catch (e) {
        if (timedOut) throw new SvcError("timeout", `No answer within ${Math.round(this.timeoutMs / 1000)} s`);
        throw new SvcError("network", `Connection dropped: ${(e as Error)?.message ?? e}`);
      }
      let body: unknown;
      try {
        body = raw === "" ? undefined : JSON.parse(raw);
      } catch {
        body = undefined;
        if (res.ok) throw new SvcError("malformed", `The API sent a body that is not JSON (status ${res.status})`, { status: res.status });
      }
      if (!res.ok) {
        const err = errorForStatus(res.status, detailText(body));
        if (res.status === 401) {
          (err as { wwwAuthenticate?: string | null }).wwwAuthenticate = res.headers.get("WWW-Authenticate");
        }
        const retryAfter = retryAfterMs(res.headers.get("Retry-After"));
        if (retryAfter !== null) (err as { retryAfterMs?: number }).retryAfterMs = retryAfter;
        throw err;
      }
      return this.parseEnvelope(body, quota, res.status);
    } finally {
      clearTimeout(timer);
    }
  }

  private parseEnvelope(body: unknown, quota: number | null, status: number): ApiAnswer {
    if (!body || typeof body !== "object" || Array.isArray(body))
      throw new SvcError("malformed", "The API's answer is not an object", { status });
    const env = body as Record<string, unknown>;
    const data = env.data;
    if (!data || typeof data !== "object" || Array.isArray(data))
      throw new SvcError("malformed", "The API's answer has no data object", { status });
    return {
      text: typeof env.text === "string" ? env.text : "",
      data: data as Record<string, unknown>,
      link: typeof env.link === "string" ? env.link : "",
      quotaRemaining: quota,
    };
  }
}
