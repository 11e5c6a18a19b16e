/**
 * The fake API for `npm run bench`, on a thread of its own (worker_threads), as the real API runs
 * on a machine of its own: its work (building answers, logging) does not sit on the client's event
 * loop between two calls, so the gaps the bench measures are the client's. Messages: {cmd: "reset" |
 * "log" | "close", id}; answers {id, result}. Started by bench.js startApiThread().
 */
"use strict";
const path = require("path");
const { parentPort, workerData } = require("worker_threads");

const { startFakeApi } = require(path.join(workerData.build, "test/fakes/api/server.js"));

startFakeApi({ latencyMs: workerData.latencyMs, quota: workerData.quota }).then((api) => {
  parentPort.on("message", async ({ cmd, id }) => {
    if (cmd === "reset") api.reset();
    if (cmd === "close") await api.close();
    // Timestamps are this thread's performance.now(): compare them only with each other.
    const result = cmd === "log" ? api.log.map((e) => ({ tool: e.tool, query: e.query, start: e.start, end: e.end })) : null;
    parentPort.postMessage({ id, result });
    if (cmd === "close") parentPort.close();
  });
  parentPort.postMessage({ id: 0, result: api.url });
});
