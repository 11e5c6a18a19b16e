/**
 * What dist/ (the production build, rebuilt when stale — never skipped) must not ship or must carry:
 * source maps without the sources, and a strict CSP on the sign-in dialog pages.
 */
import * as fs from "fs";
import * as path from "path";
import { buildOnce, DIST } from "../browser/harness";

jest.setTimeout(300_000);

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

beforeAll(() => buildOnce());

test("production source maps carry file names and lines, never the sources", () => {
  const maps = files(DIST).filter((f) => f.endsWith(".map"));
  expect(maps.length).toBeGreaterThan(0);
  for (const m of maps) {
    const map = JSON.parse(fs.readFileSync(m, "utf8")) as { sources: string[]; sourcesContent?: unknown[] };
    expect({ map: path.relative(DIST, m), sourcesContent: map.sourcesContent ?? null }).toEqual({ map: path.relative(DIST, m), sourcesContent: null });
  }
});

test.each(["auth/start.html", "auth/callback.html"])("%s has a strict CSP and no inline script or style", (page) => {
  const html = fs.readFileSync(path.join(DIST, page), "utf8");
  const csp = /<meta http-equiv="?Content-Security-Policy"?\s+content="([^"]+)"/.exec(html)?.[1];
  expect(csp).toBeDefined();
  const directives = Object.fromEntries(csp!.split(";").map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
  expect(directives["default-src"]).toEqual(["'none'"]);
  expect(directives["script-src"]?.every((s: string) => s === "'self'" || s === "https://appsforoffice.microsoft.com")).toBe(true);
  expect(directives["style-src"]).toEqual(["'self'"]);
  expect(directives["base-uri"]).toEqual(["'none'"]);
  expect(directives["object-src"]).toEqual(["'none'"]);
  expect(html).not.toMatch(/<script>(?!\s*<\/script>)|<script(?![^>]*\bsrc=)[^>]*>/);
  expect(html).not.toMatch(/<style|style="/);
});
