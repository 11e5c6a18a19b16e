/**
 * Loaded with `node --require` into the CLI process by scripts/bench-cli.js (never by the CLI
 * itself): this process's CPU time from the first tool request handed to fetch to the last answer's
 * headers, and the number of tool requests, written as JSON to $SVC_BENCH_PROBE when the process
 * exits. Start-up (loading modules, reading the formula file) and printing come before the first
 * request or after the last answer, so they are not counted.
 */
"use strict";
const fs = require("fs");

const out = process.env.SVC_BENCH_PROBE;
if (out) {
  const inner = globalThis.fetch;
  let first = null;
  let last = null;
  let calls = 0;
  globalThis.fetch = function probedFetch(input, init) {
    const tool = String(input && input.url ? input.url : input).includes("/api/public/v1/");
    if (tool) {
      calls++;
      if (first === null) first = process.cpuUsage();
    }
    const p = inner.call(this, input, init);
    return tool ? p.then((res) => ((last = process.cpuUsage(first)), res)) : p;
  };
  process.on("exit", () => {
    const ms = (u) => (u ? (u.user + u.system) / 1000 : 0);
    fs.writeFileSync(out, JSON.stringify({ calls, cpuMs: ms(last), processCpuMs: ms(process.cpuUsage()) }));
  });
}
