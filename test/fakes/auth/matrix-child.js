/**
 * One CLI process of the fault matrix (run with node; SVC_CLI_DIR = the transpiled sources):
 * gets a token from the credentials file as `svc-excel eval` does (ACTION=token), or runs
 * `svc-excel logout` (ACTION=logout), and prints one JSON line.
 *
 * FAIL_WRITES=<from>:<code>:<unlinkFrees> makes the credentials file's writes fail from the
 * <from>-th on with errno <code> (ENOSPC, EROFS, EACCES): a disk that fills up or turns read-only
 * while the process runs. unlinkFrees=1: deleting the file frees space (a full disk); 0: the
 * delete fails too (read-only).
 */
"use strict";
const fs = require("fs");
const file = process.env.CRED_FILE;
const base = process.env.BASE_URL;
const fail = process.env.FAIL_WRITES;
if (fail) {
  const [from, code, frees] = fail.split(":");
  let writes = 0;
  let freed = false;
  const err = () => Object.assign(new Error(`${code}: injected by the fault matrix`), { code });
  // Every write of the credentials file goes through one atomic write: a temporary file beside it
  // (".<name>.<pid>.<random>.tmp"), created, written, renamed. The fault strikes at its creation.
  const path = require("path");
  const tempOfFile = (p) => typeof p === "string" && path.dirname(p) === path.dirname(file) && path.basename(p).startsWith(`.${path.basename(file)}.`) && p.endsWith(".tmp");
  const open = fs.openSync;
  fs.openSync = function (p, ...rest) {
    if (tempOfFile(p)) {
      writes++;
      if (writes >= Number(from) && !freed) throw err();
    }
    return open.call(this, p, ...rest);
  };
  const rm = fs.rmSync;
  fs.rmSync = function (p, ...rest) {
    if (String(p) === file) {
      if (frees !== "1") throw err();
      freed = true;
    }
    return rm.call(this, p, ...rest);
  };
}
const out = (v) => process.stdout.write(JSON.stringify(v) + "\n");
const { logoutCommand } = require(process.env.SVC_CLI_DIR + "/src/cli/login.js");
const { fileOAuthClient } = require(process.env.SVC_CLI_DIR + "/src/cli/connection.js");
(async () => {
  if (process.env.ACTION === "logout") {
    out({ exit: await logoutCommand(["--base-url", base, "--credentials", file], { stderr: () => undefined }) });
    return;
  }
  const client = fileOAuthClient({ baseUrl: base, file, timeoutMs: Number(process.env.AUTH_TIMEOUT_MS || 20000), lockStaleMs: 2000 });
  try {
    out({ token: await client.getToken() });
  } catch (e) {
    out({ error: e.kind || String(e), detail: e.detail || e.message });
  }
})();
