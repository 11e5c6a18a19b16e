/**
 * The request rules the engine routes by (contract 1 of the brief): canonicalise a raw request,
 * widen it to the call worth making, tell whether a sent call covers a request, slice the narrow
 * answer out of a wide one. The engine takes them as an interface so tests can hand in their own.
 *
 * INTERIM: until src/api/canonical.ts and src/api/wide.ts land (api helper), these are built from
 * validateParams/requestKey with get_financials grouped by ticker/statement/period type and
 * provenance (no widening: a call asks for the union of its members). Swap `apiRules` for the api
 * module's functions when they exist; nothing else in the engine changes.
 */
import { DEFAULT_METRICS, Statement, ToolName } from "../api/catalogue";
import { SvcError, isSvcError } from "../api/errors";
import { RawParams, ToolParams, requestKey, validateParams } from "../api/validate";
import { sliceFinancials } from "./financials";

export interface CanonicalRequest {
  tool: ToolName;
  params: ToolParams;
  key: string;
}

export interface WideRequest {
  tool: ToolName;
  params: ToolParams;
  identity: string;
}

export interface RequestRules {
  canonicalise(tool: ToolName, raw: RawParams): CanonicalRequest;
  widen(req: CanonicalRequest): WideRequest;
  covers(sent: ToolParams, req: CanonicalRequest): boolean;
  sliceData(req: CanonicalRequest, sent: ToolParams, data: Record<string, unknown>): Record<string, unknown>;
}

const FIN_DEFAULT_YEARS = 5;

function finParams(p: ToolParams): ToolParams {
  const statement = ((p.statement as string) ?? "income") as Statement;
  const out: ToolParams = {
    ticker: p.ticker,
    statement,
    period_type: (p.period_type as string) ?? "annual",
    metrics: [...new Set((p.metrics as string[] | undefined) ?? DEFAULT_METRICS[statement])],
    years: typeof p.years === "number" ? p.years : FIN_DEFAULT_YEARS,
  };
  if (p.include_provenance === true) out.include_provenance = true;
  return out;
}

function finIdentity(p: ToolParams): string {
  return `get_financials?include_provenance=${p.include_provenance === true}&period_type=${p.period_type}&statement=${p.statement}&ticker=${p.ticker}`;
}

export const interimRules: RequestRules = {
  canonicalise(tool, raw) {
    let params: ToolParams;
    try {
      params = validateParams(tool, raw ?? {});
    } catch (e) {
      throw isSvcError(e) ? e : new SvcError("invalid_argument", (e as Error)?.message ?? String(e));
    }
    if (tool === "get_financials") params = finParams(params);
    return { tool, params, key: requestKey(tool, params) };
  },
  widen(req) {
    if (req.tool === "get_financials") return { tool: req.tool, params: req.params, identity: finIdentity(req.params) };
    return { tool: req.tool, params: req.params, identity: req.key };
  },
  covers(sent, req) {
    if (req.tool !== "get_financials") return requestKey(req.tool, sent) === req.key;
    if (finIdentity(sent) !== finIdentity(req.params)) return false;
    const have = new Set(sent.metrics as string[]);
    return (sent.years as number) >= (req.params.years as number) && (req.params.metrics as string[]).every((m) => have.has(m));
  },
  sliceData(req, _sent, data) {
    if (req.tool !== "get_financials") return data;
    return sliceFinancials(data, {
      metrics: req.params.metrics as string[],
      years: req.params.years as number,
      period_type: req.params.period_type as "annual" | "quarterly",
    });
  },
};
