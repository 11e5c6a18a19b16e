/**
 * The reference the engine is measured against: the requests the engine sent, as bare `fetch` calls
 * one after another (no engine, no client: a URL, a header, the body read), against the same fake
 * API in the same run. What separates two of its calls is what Node's HTTP stack and this machine
 * cost; the engine's extra time per call is its own mean gap between calls minus this one's.
 */
"use strict";
const { busyFigures } = require("./bench-figures");

/** The URL the fake API was asked, rebuilt from its log entry. */
function urlOf(base, entry) {
  const q = new URLSearchParams(Object.keys(entry.query).sort().map((k) => [k, entry.query[k]]));
  return `${base}/api/public/v1/${entry.tool}${q.size ? `?${q}` : ""}`;
}

/** CPU time of this process (user + system) since `start` (a process.cpuUsage()), in ms. */
function cpuMsSince(start) {
  const d = process.cpuUsage(start);
  return (d.user + d.system) / 1000;
}

/** Send `entries` (the fake's log of the engine's pass) again as bare fetch calls, back to back; the fake's figures and this process's CPU time. */
async function bareFetchLoop(api, entries, token) {
  const urls = entries.map((e) => urlOf(api.url, e));
  await api.reset();
  const headers = { Authorization: `Bearer ${token}`, Accept: "application/json" };
  const cpu0 = process.cpuUsage();
  for (const url of urls) {
    const res = await fetch(url, { headers });
    JSON.parse(await res.text());
  }
  const cpuMs = cpuMsSince(cpu0);
  return { ...busyFigures(await api.log()), cpuMs };
}

/**
 * The engine's extra time per call over the bare loop (ms): the difference of the mean gaps between
 * calls at the fake (what a user waits for), and of this process's CPU time per call (the same
 * work, whatever else the machine runs; the engine's includes every formula's own work).
 */
function reportBare(pass, bare) {
  const calls = pass.log.length;
  const extra = pass.busy.gap.mean - bare.gap.mean;
  const cpu = (pass.cpuMs - bare.cpuMs) / calls;
  console.log(`  bare fetch loop      the same ${calls} requests back to back: mean gap ${bare.gap.mean.toFixed(2)} ms (median ${bare.gap.median.toFixed(2)}, p90 ${bare.gap.p90.toFixed(2)}), busy span / (calls x median) = ${bare.ratio.toFixed(3)}`);
  console.log(`  CPU time per call    engine ${(pass.cpuMs / calls).toFixed(2)} ms, bare fetch loop ${(bare.cpuMs / calls).toFixed(2)} ms: ${cpu.toFixed(2)} ms more`);
  console.log(`  engine's extra time  ${extra.toFixed(2)} ms a call over the bare fetch loop (mean gap between calls; target <= 1 ms)`);
  return extra;
}

module.exports = { bareFetchLoop, cpuMsSince, reportBare };
