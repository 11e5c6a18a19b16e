/**
 * The fake API for `npm run bench`, in a process of its own (child_process.fork), as the real API
 * runs on a machine of its own: its work (building answers, logging) neither sits on the client's
 * event loop between two calls nor counts in the bench process's CPU time, so the gaps and the CPU
 * time the bench measures are the client's. Messages: {cmd: "reset" | "log" | "overlaps" | "close", id}; answers
 * {id, result}. Started by bench.js startApiProcess().
 */
"use strict";
const path = require("path");

const { build, latencyMs, quota } = JSON.parse(process.env.SVC_BENCH_API);
const { startFakeApi } = require(path.join(build, "test/fakes/api/server.js"));

startFakeApi({ latencyMs, quota }).then((api) => {
  process.on("message", async ({ cmd, id }) => {
    if (cmd === "reset") api.reset();
    if (cmd === "close") await api.close();
    // Timestamps are this process's performance.now(): compare them only with each other.
    if (cmd === "overlaps") return process.send({ id, result: api.overlaps() });
    const result = cmd === "log" ? api.log.map((e) => ({ tool: e.tool, query: e.query, start: e.start, end: e.end })) : null;
    process.send({ id, result });
    if (cmd === "close") process.disconnect();
  });
  process.send({ id: 0, result: api.url });
});
