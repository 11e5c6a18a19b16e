/**
 * The top-level `svc-excel --help` ends with two or three real examples (as `git` and `gh` do): each
 * runs a command of the table, taken from that command's own examples.
 */
import { COMMANDS, overview } from "../../src/cli/main";

test("svc-excel --help ends with two or three examples of real commands", () => {
  const text = overview();
  const tail = text.split("\nExamples:\n")[1] ?? "";
  expect(text.trimEnd().endsWith(tail.trimEnd())).toBe(true);
  const lines = tail.split("\n").filter((l) => l.trim() !== "");
  expect(lines.length).toBeGreaterThanOrEqual(2);
  expect(lines.length).toBeLessThanOrEqual(3);
  for (const line of lines) {
    const [bin, name] = line.trim().split(/\s+/);
    expect(bin).toBe("svc-excel");
    const cmd = COMMANDS.find((c) => c.name === name);
    expect(cmd).toBeDefined();
    expect(cmd?.examples.some((e) => line.trim().startsWith(e))).toBe(true);
  }
  expect(tail).toContain("--changes");
});
