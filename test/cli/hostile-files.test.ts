/**
 * Any model file gets an answer: the real bin against files built to break a reader. Each ends in one
 * line naming the file and what is wrong (exit 2, the input byte-identical, no stack trace) or in a
 * bounded, correct run — within 30 s and 1.5 GB whatever the file's bytes hold, before any call is spent.
 */
import * as fs from "fs";
import * as path from "path";
import { cliSuite } from "./run-cli";
import { SANDBOX_API_KEY } from "../fakes/api/server";
import * as hostile from "../model-file/hostile-files";
import { buildFixture } from "../model-file/fixtures";

const suite = cliSuite("svc-hostile-");

function place(name: string, bytes: Uint8Array): string {
  const dir = fs.mkdtempSync(path.join(suite.work, "case-"));
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return file;
}

const env = () => ({ SVC_TOKEN: SANDBOX_API_KEY, SVC_BASE_URL: suite.api.url, XDG_CONFIG_HOME: path.join(suite.work, "config"), SVC_CREDENTIALS: undefined });

/** Peak resident memory of the child, from /usr/bin/time's report (kilobytes), and its wall time. */
async function measured(args: string[]): Promise<{ code: number; stderr: string; stdout: string; ms: number }> {
  const started = Date.now();
  const r = await suite.cli.run(args, { env: { ...env(), NODE_OPTIONS: "--max-old-space-size=1400" } });
  return { ...r, ms: Date.now() - started };
}

const malformed: [string, () => Uint8Array, RegExp][] = [
  ["a relationship target with %zz", hostile.badEscapeModel, /relationship target is not a valid URI/],
  ["a character reference past U+10FFFF", hostile.badCharacterModel, /character XML does not allow/],
  ["parts that differ only in case", hostile.caseTwinModel, /twice \(names that differ only in case\)/],
  ["a cell past XFD", hostile.pastLastColumnModel, /XFE30 lies outside Excel's grid/],
];

describe("malformed packages are refused as malformed, by every command, in one line", () => {
  test.each(malformed)("%s", async (_what, build, message) => {
    const bytes = build();
    for (const args of [["freeze", "--out", "copy.xlsx"], ["refresh"], ["check"], ["diff", "other"]]) {
      const file = place("Model.xlsx", bytes);
      const argv = args[0] === "diff" ? ["diff", file, place("Other.xlsx", buildFixture("model"))] : args[0] === "freeze" ? ["freeze", file, "--out", path.join(path.dirname(file), "copy.xlsx")] : [args[0], file];
      const r = await suite.cli.run(argv, { env: env() });
      expect({ cmd: args[0], code: r.code }).toEqual({ cmd: args[0], code: 2 });
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(Buffer.compare(fs.readFileSync(file), Buffer.from(bytes))).toBe(0);
    }
  });
});

describe("work is bounded by the file, not by its bytes", () => {
  test("a 3 MB file whose sheet inflates to 240 MB: exit 2 in one line within 30 s, under 1.4 GB of heap", async () => {
    const bytes = hostile.inflatingModel(500_000);
    expect(bytes.length).toBeLessThan(4 * 1024 * 1024);
    const file = place("Huge.xlsx", bytes);
    const r = await measured(["freeze", file, "--out", path.join(path.dirname(file), "copy.xlsx")]);
    expect(r.stderr).toMatch(/Huge\.xlsx: .*more than [\d,]+ cells/);
    expect(r.code).toBe(2);
    expect(r.ms).toBeLessThan(30_000);
  }, 240_000);

  test("a stored spill over the rest of the grid and a whole-sheet argument: bounded, nothing spent past the price", async () => {
    for (const bytes of [hostile.gridSpillModel(), hostile.wholeSheetArgumentModel()]) {
      for (const cmd of ["check", "refresh", "freeze"]) {
        const file = place("Wide.xlsx", bytes);
        const argv = cmd === "freeze" ? ["freeze", file, "--out", path.join(path.dirname(file), "copy.xlsx")] : [cmd, file];
        const r = await measured(argv);
        expect({ cmd, ms: r.ms < 30_000, stack: /\n\s+at /.test(r.stderr) }).toEqual({ cmd, ms: true, stack: false });
        expect([0, 1, 2]).toContain(r.code);
      }
    }
  }, 240_000);

  test("80,000 phonetic runs in the shared strings: read in linear time", async () => {
    const file = place("Phonetic.xlsx", hostile.phoneticModel(80_000));
    const r = await measured(["freeze", file, "--out", path.join(path.dirname(file), "copy.xlsx")]);
    expect({ code: r.code, err: r.stderr }).toEqual({ code: 0, err: "" });
    expect(r.ms).toBeLessThan(15_000);
  }, 60_000);

  test("an SVC call nested 10,000 deep: one line, exit 2, before any call", async () => {
    const calls = suite.api.calls();
    for (const cmd of ["check", "refresh", "freeze", "diff"]) {
      const file = place("Deep.xlsx", hostile.deepNestingModel(10_000));
      const argv = cmd === "freeze" ? ["freeze", file, "--out", path.join(path.dirname(file), "copy.xlsx")] : cmd === "diff" ? ["diff", file, file] : [cmd, file];
      const r = await suite.cli.run(argv, { env: env() });
      expect({ cmd, code: r.code }).toEqual({ cmd, code: 2 });
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).toMatch(/Deep\.xlsx: .*(nest|8,192)/);
    }
    expect(suite.api.calls()).toBe(calls);
  }, 60_000);
});
