/**
 * A restatement for tests that need an answer to change between two calls (a refresh must show the
 * new figure): the companies re-file, and every get_financials value (`metrics[].values`, the spec's
 * "One value per period") is the old one times `factor`. Nothing else of the answer changes.
 */

/** The envelope with its get_financials values restated (factor 1: the envelope as it is). */
export function restated<T extends { data?: unknown }>(tool: string, envelope: T, factor: number): T {
  if (factor === 1 || tool !== "get_financials") return envelope;
  const data = envelope.data as { metrics?: { values?: unknown[] }[] } | undefined;
  const metrics = (data?.metrics ?? []).map((m) => ({
    ...m,
    values: (m.values ?? []).map((v) => (typeof v === "number" ? Math.round(v * factor * 1000) / 1000 : v)),
  }));
  return { ...envelope, data: { ...(data ?? {}), metrics } };
}
