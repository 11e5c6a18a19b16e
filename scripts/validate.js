#!/usr/bin/env node
/**
 * `npm run validate [-- --offline] [manifest]`: check the add-in manifest (dist/manifest.xml when
 * built, else manifest.xml) with the pinned office-addin-manifest.
 *
 *  1. offline, always: office-addin-manifest parses the file (readManifestFile), then the
 *     structural rules of test/manifest (shared runtime, resids, Runtimes first, https URLs...)
 *     run through jest;
 *  2. online unless --offline: office-addin-manifest validate (Microsoft's validation service, the
 *     Marketplace's rules). It needs the network: when the service cannot be reached, the script says
 *     that only the offline checks ran and exits 0; a report of errors exits 1.
 */
"use strict";
const fs = require("fs");
const path = require("path");
const { spawnSync } = require("child_process");

const ROOT = path.join(__dirname, "..");
const args = process.argv.slice(2);
const offline = args.includes("--offline");
const given = args.find((a) => !a.startsWith("--"));
const manifest = path.resolve(given || (fs.existsSync(path.join(ROOT, "dist", "manifest.xml")) ? path.join(ROOT, "dist", "manifest.xml") : path.join(ROOT, "manifest.xml")));
const say = (m) => process.stdout.write(`[validate] ${m}\n`);

async function main() {
  const { OfficeAddinManifest, validateManifest } = require("office-addin-manifest");
  say(`manifest ${path.relative(ROOT, manifest)}`);
  const info = await OfficeAddinManifest.readManifestFile(manifest);
  say(`parsed offline: ${info.displayName} ${info.version} (id ${info.id}, hosts ${(info.hosts || []).join(", ")})`);

  const jest = require.resolve("jest/bin/jest", { paths: [ROOT] });
  const r = spawnSync(process.execPath, [jest, "test/manifest", "--silent"], { cwd: ROOT, stdio: "inherit" });
  if (r.status !== 0) {
    say("structural checks FAILED (test/manifest)");
    process.exitCode = 1;
    return;
  }
  say("structural checks passed offline (test/manifest: shared runtime, resids, Runtimes first, https URLs)");

  if (offline) {
    say("--offline: Microsoft's online validation was not run");
    return;
  }
  let result;
  try {
    result = await Promise.race([
      validateManifest(manifest),
      new Promise((_, reject) => setTimeout(() => reject(new Error("no answer within 30 s")), 30_000).unref()),
    ]);
  } catch (e) {
    say(`online validation not run: Microsoft's validation service could not be reached (${(e && e.message) || e}).`);
    say("Only the offline checks above ran; run `npm run validate` again with network access before publishing.");
    return;
  }
  const report = result.report || {};
  for (const kind of ["errors", "warnings", "notes"]) for (const i of report[kind] || []) say(`${kind.slice(0, -1)}: ${i.title || ""} ${i.content || ""}${i.line ? ` (line ${i.line})` : ""}`);
  say(result.isValid ? "online validation: valid" : `online validation: NOT valid (${result.status || ""} ${result.statusText || ""})`);
  if (!result.isValid) process.exitCode = 1;
}

main().catch((e) => {
  process.stderr.write(`[validate] failed: ${(e && e.stack) || e}\n`);
  process.exitCode = 1;
});
