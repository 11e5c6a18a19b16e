/**
 * The figures of a fake API's request log (scripts/bench.js and the benches beside it): how close the
 * calls ran back to back, and the gaps between them, measured at the fake.
 */
"use strict";

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : 0;
}
/** The p-th percentile (0-100) of `xs`, nearest rank. */
function percentile(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] : 0;
}
/**
 * Busy span / (calls x median server time): how close the calls ran back to back; and the gaps
 * between calls at the fake (one call's end to the next one's start): the client's own share.
 */
function busyFigures(log) {
  const done = log.filter((e) => e.end > 0);
  if (done.length === 0) return { span: 0, median: 0, ratio: NaN, overlaps: 0, gap: { median: 0, mean: 0, p90: 0 } };
  const span = Math.max(...done.map((e) => e.end)) - Math.min(...done.map((e) => e.start));
  const med = median(done.map((e) => e.end - e.start));
  const sorted = [...done].sort((a, b) => a.start - b.start);
  let overlaps = 0;
  let lastEnd = -Infinity;
  const gaps = [];
  for (const e of sorted) {
    if (e.start < lastEnd) overlaps++;
    else if (lastEnd > -Infinity) gaps.push(e.start - lastEnd);
    lastEnd = Math.max(lastEnd, e.end);
  }
  const mean = gaps.length ? gaps.reduce((a, b) => a + b, 0) / gaps.length : 0;
  return { span, median: med, ratio: span / (done.length * med), overlaps, gap: { median: median(gaps), mean, p90: percentile(gaps, 90) } };
}

/** Overlapping calls in a fake API log (scripts/soak.js uses it). */
const logOverlaps = (log) => busyFigures(log).overlaps;

module.exports = { median, percentile, busyFigures, logOverlaps };
