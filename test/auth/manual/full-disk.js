/**
 * The by-hand check of a refresh on a full disk (TESTING.md), scripted: the real `bin/svc-excel.js` with its
 * credentials on a full 16 KiB tmpfs, the access token expired, then `svc-excel eval`. Expect the
 * cell to say "sign in again" with the reason, and the connection still active on the server
 * (no refresh token presented at all). Needs `npm run build:cli` and a mount (root):
 *
 *   mkdir -p /tmp/svc16k && mount -t tmpfs -o size=16k tmpfs /tmp/svc16k
 *   node test/auth/manual/full-disk.js /tmp/svc16k
 *   umount /tmp/svc16k
 */
"use strict";
const { spawnSync, spawn } = require("child_process");
const fs = require("fs");
const path = require("path");
const ROOT = path.resolve(__dirname, "../../..");
const MNT = process.argv[2];
if (!MNT) { console.error("usage: node test/auth/manual/full-disk.js <a 16 KiB tmpfs mount point>   (after npm run build:cli)"); process.exit(2); }
const { startFakeApi } = require(ROOT + "/build/test/fakes/api/server.js");
const { createFakeAuthServer } = require(ROOT + "/build/test/fakes/auth/fake-auth-server.js");
const { followAuthorize } = require(ROOT + "/build/test/fakes/auth/follow.js");
const sh = (c) => { const r = spawnSync("sh", ["-c", c], { encoding: "utf8" }); return (r.stdout + r.stderr).trim(); };
(async () => {
  let base = "";
  const auth = createFakeAuthServer({ issuer: () => base });
  const api = await startFakeApi({ port: 0, latencyMs: 0, routes: (q, s, u) => auth.routes(q, s, u), validateToken: (t) => auth.validateToken(t) });
  base = api.url;
  const cred = path.join(MNT, "svc-excel", "credentials.json");
  const env = { ...process.env, SVC_BASE_URL: base, SVC_CREDENTIALS: cred };
  console.log("$ df -h " + MNT + "\n" + sh(`df -h ${MNT}`));
  // 1. svc-excel login --no-browser; the printed URL is followed (Allow) like a browser would.
  const login = spawn(process.execPath, [ROOT + "/bin/svc-excel.js", "login", "--no-browser"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "", err = "";
  login.stderr.on("data", (d) => (err += d));
  const url = await new Promise((r) => login.stdout.on("data", (d) => { out += d; if (out.includes("\n")) r(out.trim()); }));
  const redirect = new URL(url).searchParams.get("redirect_uri");
  await followAuthorize(url, { redirectPrefix: redirect, deliver: true });
  await new Promise((r) => login.on("exit", r));
  console.log("$ svc-excel login --no-browser\n" + err.trim());
  // 2. An hour later: the access token has expired (locally and at the server).
  const data = JSON.parse(fs.readFileSync(cred, "utf8"));
  data.tokens[base].expires_at = Date.now() - 1000;
  fs.writeFileSync(cred, JSON.stringify(data, null, 2) + "\n");
  auth.expireAccessTokens();
  // 3. Fill the tmpfs.
  sh(`dd if=/dev/zero of=${MNT}/filler bs=1k count=64 2>/dev/null; sync`);
  console.log("$ df -k " + MNT + "   (after filling)\n" + sh(`df -k ${MNT}`));
  console.log("$ ls -la " + path.dirname(cred) + "\n" + sh(`ls -la ${path.dirname(cred)}`));
  // 4. svc-excel eval
  const ev = spawnSync(process.execPath, [ROOT + "/bin/svc-excel.js", "eval", '=SVC.COMPANY("AAPL","name")'], { env, encoding: "utf8" });
  console.log(`$ svc-excel eval '=SVC.COMPANY("AAPL","name")'   (exit ${ev.status})\n${ev.stdout.trim()}${ev.stderr.trim() ? "\n[stderr] " + ev.stderr.trim() : ""}`);
  const conns = auth.connections();
  console.log(`server: connections ${conns.length}, active ${auth.activeConnections().length}, revoked reasons ${JSON.stringify(conns.filter((c) => c.revoked).map((c) => c.revokedReason))}`);
  console.log(`server: refresh requests ${auth.tokenRequests.filter((r) => r.grantType === "refresh_token").length}, rotations ${auth.stats.refreshes}, rotated refresh tokens presented ${auth.stats.rotatedPresentations}, reuse revocations ${auth.stats.reuseRevocations}`);
  console.log("credentials file now:\n" + sh(`cat ${cred}`).replace(/"(svc_(?:at|rt)_[A-Za-z0-9_-]{6})[A-Za-z0-9_-]+"/g, '"$1…"'));
  // 5. Free the space and run eval again: still "sign in again" (the token was dropped, nothing resent).
  fs.rmSync(MNT + "/filler");
  const ev2 = spawnSync(process.execPath, [ROOT + "/bin/svc-excel.js", "eval", '=SVC.COMPANY("AAPL","name")'], { env, encoding: "utf8" });
  console.log(`$ rm filler; svc-excel eval ... (exit ${ev2.status})\n${ev2.stdout.trim()}`);
  console.log(`server: active connections ${auth.activeConnections().length}, refresh requests ${auth.tokenRequests.filter((r) => r.grantType === "refresh_token").length}, rotated presented ${auth.stats.rotatedPresentations}`);
  await api.close();
})().catch((e) => { console.error(e); process.exitCode = 1; });
