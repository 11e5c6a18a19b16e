/**
 * The request rules the engine routes by (implemented in src/api):
 * canonicalise a raw request, widen it to the call worth making, tell whether a sent call covers a
 * request, slice the narrow answer out of a wide one. The engine takes them as an interface so tests
 * can hand in their own; `apiRules` are the real ones.
 */
import type { ToolName } from "../api/catalogue";
import { CanonicalRequest, canonicalise } from "../api/canonical";
import type { RawParams, ToolParams } from "../api/validate";
import { WideRequest, covers, sliceData, widen } from "../api/wide";

export type { CanonicalRequest } from "../api/canonical";
export type { WideRequest } from "../api/wide";

export interface RequestRules {
  canonicalise(tool: ToolName, raw: RawParams): CanonicalRequest;
  widen(req: CanonicalRequest): WideRequest;
  covers(sent: ToolParams, req: CanonicalRequest): boolean;
  sliceData(req: CanonicalRequest, sent: ToolParams, data: Record<string, unknown>): Record<string, unknown>;
}

export const apiRules: RequestRules = {
  canonicalise: (tool, raw) => canonicalise(tool, raw),
  widen: (req) => widen(req),
  covers: (sent, req) => covers(sent, req),
  sliceData: (req, sent, data) => sliceData(req, sent, data),
};
