/**
 * The metric keys the builders offer. The page passes the API's dictionary (src/api/dictionary.ts:
 * labels, units, industry lines); without one, the catalogue's spec lists apply (keys only).
 */
import { FINANCIAL_METRICS, SCREEN_METRICS, Statement } from "../../api";
import { MetricInfoView, MetricsPort } from "./types";

export const SPEC_METRICS: MetricsPort = {
  financialMetrics: (s: Statement) => FINANCIAL_METRICS[s],
  financialInfo: (key: string) => (Object.values(FINANCIAL_METRICS).some((l) => l.includes(key)) ? { key } : undefined),
  screenMetrics: () => SCREEN_METRICS,
  screenInfo: (key: string) => (SCREEN_METRICS.includes(key) ? { key } : undefined),
};

/** "Revenue (USD millions) — revenue": what an option shows; the key is always part of it. */
export function metricLabel(info: MetricInfoView | undefined, key: string): string {
  const label = info?.label && info.label.trim() !== "" && info.label !== key ? info.label : "";
  const unit = info?.unit && info.unit.trim() !== "" ? ` (${info.unit})` : "";
  return label ? `${label}${unit} — ${key}` : `${key}${unit}`;
}
