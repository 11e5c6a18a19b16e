/**
 * Loaded with `node --require` into the CLI process by scripts/bench-cli.js (never by the CLI
 * itself): this process's CPU time from the first tool request handed to fetch to the last answer's
 * headers, the number of tool requests, and each time from an answer's headers to the next request
 * handed to fetch (our own share of the gap, on this process's clock), written as JSON to $SVC_BENCH_PROBE when the process
 * exits. Start-up (loading modules, reading the formula file) and printing come before the first
 * request or after the last answer, so they are not counted.
 */
"use strict";
const fs = require("fs");
const { performance } = require("perf_hooks");

const out = process.env.SVC_BENCH_PROBE;
if (out) {
  const inner = globalThis.fetch;
  let first = null;
  let last = null;
  let calls = 0;
  let answeredAt = null;
  const gaps = [];
  globalThis.fetch = function probedFetch(input, init) {
    const url = String(input && input.url ? input.url : input);
    const tool = url.includes("/api/public/v1/") && !url.includes("/api/public/v1/dictionary");
    if (tool) {
      calls++;
      if (first === null) first = process.cpuUsage();
      if (answeredAt !== null) gaps.push(performance.now() - answeredAt);
      answeredAt = null;
    }
    const p = inner.call(this, input, init);
    return tool ? p.then((res) => {
      answeredAt = performance.now();
      last = process.cpuUsage(first);
      return res;
    }) : p;
  };
  process.on("exit", () => {
    const ms = (u) => (u ? (u.user + u.system) / 1000 : 0);
    fs.writeFileSync(out, JSON.stringify({ calls, cpuMs: ms(last), processCpuMs: ms(process.cpuUsage()), gaps }));
  });
}
