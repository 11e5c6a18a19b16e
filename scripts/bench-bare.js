/**
 * The reference the engine is measured against: the requests the engine sent, as bare `fetch` calls
 * one after another (no engine, no client: a URL, a header, the body read), against the same fake
 * API in the same run. What separates two of its calls is what Node's HTTP stack and this machine
 * cost; our share of each call is the CLI's busy span minus this one's, per call (scripts/bench-cli.js).
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

module.exports = { bareFetchLoop, cpuMsSince };
