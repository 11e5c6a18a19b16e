/** Unauthenticated documents: tool catalogue, data dictionary, OpenAPI description (built from the vendored spec via ./rules). */
import { metricLabel, unitKind } from "./financials";
import { INDUSTRY_LINES } from "./industry";
import { FINANCIAL_METRICS, SCREEN_METRICS, SPEC_METRICS, STATEMENTS, SpecParam, TOOL_NAMES, paramsOf, purposeOf } from "./rules";
import { SCREEN_UNITS } from "./screen";

function paramSchema(p: SpecParam): Record<string, unknown> {
  const s: Record<string, unknown> = { description: p.text.replace(/^`[a-z_]+`\s*/, "") };
  if (p.list) {
    s.type = "array";
    s.items = { type: "string" };
    return s;
  }
  s.type = p.type;
  if (p.values) s.enum = [...p.values];
  if (p.min !== undefined) s.minimum = p.min;
  if (p.max !== undefined) s.maximum = p.max;
  if (p.minLength !== undefined) s.minLength = p.minLength;
  if (p.maxLength !== undefined) s.maxLength = p.maxLength;
  if (p.default !== undefined) s.default = p.default;
  return s;
}

/** JSON Schema of a tool's input. */
export function inputSchema(tool: string): Record<string, unknown> {
  const params = paramsOf(tool);
  return {
    type: "object",
    properties: Object.fromEntries(params.map((p) => [p.name, paramSchema(p)])),
    required: params.filter((p) => p.required).map((p) => p.name),
    additionalProperties: false,
  };
}

/** GET /api/public/v1/tools. Item shape (not shown in the spec): {name, description, input_schema}. */
export function catalogueBody(): Record<string, unknown> {
  return { tools: TOOL_NAMES.map((t) => ({ name: t, description: purposeOf(t), input_schema: inputSchema(t) })) };
}

/**
 * GET /api/public/v1/dictionary. Body shape (not shown in the spec; this fake's choice):
 * {
 *   financial_metrics: { income|balance|cash_flow: [{key, label, unit_kind, industry}] },
 *   screen_metrics: [{id, unit}]
 * }
 * `industry` is null for the spec's lines and "bank" | "insurer" | "reit" for industry lines, which
 * get_financials accepts for every company and fills for companies of that industry (JPM, GRNB: bank;
 * BRK-B, WSTR: insurer). Each statement lists the spec's keys first, in the spec's order.
 */
export function dictionaryBody(): Record<string, unknown> {
  return {
    financial_metrics: Object.fromEntries(
      STATEMENTS.map((s) => [
        s,
        FINANCIAL_METRICS[s].map((key) => ({ key, label: metricLabel(key), unit_kind: unitKind(key), industry: SPEC_METRICS[s].includes(key) ? null : INDUSTRY_LINES.find((l) => l.key === key)!.industry })),
      ]),
    ),
    screen_metrics: SCREEN_METRICS.map((id) => ({ id, unit: SCREEN_UNITS[id] })),
  };
}

/** A small but valid OpenAPI 3.1 document. */
const errorAnswer = (description: string) => ({ description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } });

/** The OpenAPI operation of one tool. */
function operationOf(t: (typeof TOOL_NAMES)[number]): Record<string, unknown> {
  const err = errorAnswer;
  return {
    get: {
      operationId: t,
      summary: purposeOf(t),
      security: [{ bearer: [] }],
      parameters: paramsOf(t).map((p) => ({
        name: p.name,
        in: "query",
        required: p.required,
        description: p.text,
        ...(p.list ? { style: "form", explode: false } : {}),
        schema: paramSchema(p),
      })),
      responses: {
        "200": {
          description: "Envelope",
          headers: { "X-Quota-Remaining": { description: "Calls left today", schema: { type: "integer" } } },
          content: { "application/json": { schema: { $ref: "#/components/schemas/Envelope" } } },
        },
        "400": err("Invalid parameter"),
        "401": err("Missing, unknown or revoked credential"),
        "402": err("No active plan or trial"),
        "404": err("Unknown ticker, series, tool, or switched-off source"),
        "422": { description: "Validation Error", content: { "application/json": { schema: { $ref: "#/components/schemas/HTTPValidationError" } } } },
        "429": err("Quota used up or another call running"),
        "503": err("Temporarily switched off"),
      },
    },
  };
}

export function openApiBody(base: string): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const t of TOOL_NAMES) paths[`/api/public/v1/${t}`] = operationOf(t);
  return {
    openapi: "3.1.0",
    info: { title: "Company Data API", version: "1" },
    servers: [{ url: base }],
    paths,
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      schemas: {
        Envelope: {
          type: "object",
          required: ["text", "data", "link"],
          properties: { text: { type: "string" }, data: { type: "object" }, link: { type: "string", format: "uri" } },
        },
        Error: { type: "object", required: ["detail"], properties: { detail: { type: "string" } } },
        ValidationError: {
          type: "object",
          required: ["loc", "msg", "type"],
          properties: {
            loc: { type: "array", items: { anyOf: [{ type: "string" }, { type: "integer" }] } },
            msg: { type: "string" },
            type: { type: "string" },
          },
        },
        HTTPValidationError: { type: "object", properties: { detail: { type: "array", items: { $ref: "#/components/schemas/ValidationError" } } } },
      },
    },
  };
}
