#!/usr/bin/env node
// The formula runner. `npm ci` compiles the TypeScript sources to build/ (the "prepare" script).
"use strict";
const path = require("path");
const fs = require("fs");
const entry = path.join(__dirname, "..", "build", "src", "cli", "main.js");
if (!fs.existsSync(entry)) {
  process.stderr.write("svc-excel: not built yet; run `npm run build:cli` (npm ci does it)\n");
  process.exitCode = 2;
  return;
}

// A reader that goes away (`svc-excel eval ... | head`) is not an error of ours.
for (const s of [process.stdout, process.stderr]) s.on("error", (e) => { if (e.code !== "EPIPE") throw e; });

/**
 * Never process.exit() right after a write: with a pipe on stdout, Node writes asynchronously and
 * exit() drops what is still queued (a --json answer was cut at 64 KiB). Set the exit code, wait until
 * both streams have taken every byte, and let the process end by itself; only if something still holds
 * the event loop a second later (a stray timer or socket) end it then, with the output long flushed.
 */
function finish(code) {
  process.exitCode = code;
  let pending = 2;
  const done = () => {
    if (--pending === 0) setTimeout(() => process.exit(code), 1000).unref();
  };
  process.stdout.write("", done);
  process.stderr.write("", done);
}

require(entry).main(process.argv.slice(2)).then(finish, (e) => {
  process.stderr.write(`svc-excel: ${e && e.stack ? e.stack : e}\n`);
  finish(1);
});
