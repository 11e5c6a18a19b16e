/**
 * The progress of a run over several models: a line per file when stderr is not a terminal (a log, a
 * pipe), one bar redrawn in place on a terminal, a failed file's line kept above it; a file name's
 * control characters never reach the terminal.
 */
import { fileProgress } from "../../src/cli/model/batch-progress";

function sink(isTTY: boolean) {
  const out: string[] = [];
  return { out, stream: { isTTY, columns: 60, write: (t: string) => out.push(t) } };
}

test("not a terminal: the price, then one line per file", () => {
  const { out, stream } = sink(false);
  const p = fileProgress("refresh", 2, stream);
  p.start("2 models with 9 SVC cells: this run costs 3 calls");
  p.file("a.xlsx", "refreshed", false);
  p.file("b.xlsx", "not done: truncated", true);
  p.end();
  expect(out.join("")).toBe("svc-excel refresh: 2 models with 9 SVC cells: this run costs 3 calls\nsvc-excel refresh: [1/2] a.xlsx: refreshed\nsvc-excel refresh: [2/2] b.xlsx: not done: truncated\n");
});

test("a terminal: a bar redrawn in place, a failure's line above it, a newline at the end", () => {
  const { out, stream } = sink(true);
  const p = fileProgress("refresh", 4, stream);
  p.start("4 models");
  p.file("models/a.xlsx", "refreshed", false);
  p.file("models/b.xlsx", "not done: truncated", true);
  p.end();
  const text = out.join("");
  expect(text).toContain("\r\x1b[K[######------------------] 1/4 models/a.xlsx");
  expect(text).toContain("\r\x1b[Ksvc-excel refresh: models/b.xlsx: not done: truncated\n\r\x1b[K[############------------] 2/4 models/b.xlsx");
  expect(text.endsWith("\n")).toBe(true);
  expect(text).not.toContain("[1/4]");
});

test("a long name is cut to the terminal's width; control characters in it are replaced", () => {
  const { out, stream } = sink(true);
  const p = fileProgress("check", 1, stream);
  p.file(`${"x".repeat(80)}\x1b]0;owned\x07.xlsx`, "checked", false);
  const last = out[out.length - 1];
  expect(last.length).toBeLessThanOrEqual(60 + 3);
  expect(last.slice(3)).not.toMatch(/[\x00-\x1f]/);
  expect(last).toMatch(/\.\.\.x*\uFFFD\]0;owned\uFFFD\.xlsx$/);
});
