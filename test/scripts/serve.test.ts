/**
 * The development and sideload servers: a request for `/%` (a broken
 * percent escape) is a 400 and the server goes on serving; a path that climbs out of dist/ into a
 * sibling whose name starts the same (`dist-old/`) is not served; `npm start`'s https sideload server
 * is the same server (scripts/build-helpers/serve.js), not a copy with its own path rules.
 */
import * as fs from "fs";
import * as http from "http";
import * as os from "os";
import * as path from "path";

// eslint-disable-next-line @typescript-eslint/no-var-requires
const { serveStatic } = require("../../scripts/build-helpers/serve");

let work: string;
let site: { url: string; port: number; close(): Promise<void> };

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "svc-serve-"));
  fs.mkdirSync(path.join(work, "dist"));
  fs.mkdirSync(path.join(work, "dist-old"));
  fs.writeFileSync(path.join(work, "dist", "taskpane.html"), "<!doctype html><title>pane</title>");
  fs.writeFileSync(path.join(work, "dist-old", "secret.txt"), "old build secrets");
  site = await serveStatic({ root: path.join(work, "dist"), index: "taskpane.html" });
});
afterAll(async () => {
  await site?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** A GET with the path sent exactly as written (fetch would normalise `..` away). */
function rawGet(rawPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: site.port, path: rawPath, method: "GET" }, (res) => {
      let body = "";
      res.on("data", (d) => (body += String(d)));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the static server of npm start and the browser tests", () => {
  test("GET /% is a 400 without a stack trace, and the server keeps serving", async () => {
    const bad = await rawGet("/%");
    expect(bad.status).toBe(400);
    expect(bad.body).not.toMatch(/URIError|at /);
    expect((await rawGet("/")).status).toBe(200);
  });

  test.each(["/../dist-old/secret.txt", "/%2e%2e/dist-old/secret.txt", "/..%2fdist-old%2fsecret.txt", "/%2e%2e%2fdist-old/secret.txt"])(
    "%s does not serve a sibling folder that shares dist's prefix",
    async (p) => {
      const r = await rawGet(p);
      expect(r.status).toBe(404);
      expect(r.body).not.toContain("old build secrets");
    },
  );

  test("the https sideload server of npm start is this server (one set of path rules)", () => {
    const start = fs.readFileSync(path.join(__dirname, "..", "..", "scripts", "start.js"), "utf8");
    expect(start).not.toMatch(/createServer\(/);
    expect(start).toMatch(/serveStatic\(\{[^}]*https:/);
  });
});
