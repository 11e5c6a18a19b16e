import * as fs from "fs";
import * as path from "path";
import { TOOLS, TOOL_NAMES } from "../../src/api/catalogue";
import { describeWide } from "./wide-rule-text";

const doc = fs.readFileSync(path.join(__dirname, "../../docs/functions.md"), "utf8");

describe("docs/functions.md", () => {
  it.each(TOOL_NAMES.map((t) => [TOOLS[t].fn, t]))("documents SVC.%s with every argument in order", (fn, tool) => {
    const heading = new RegExp(`^### SVC\\.${fn}\\((.*)\\)$`, "m").exec(doc);
    expect(heading).not.toBeNull();
    const args = heading![1].split(",").map((a) => a.trim().replace(/^\[|\]$/g, ""));
    expect(args).toEqual([...TOOLS[tool as keyof typeof TOOLS].fnArgs]);
  });

  it.each(TOOL_NAMES)("states the catalogue's cache lifetime of %s", (tool) => {
    const row = new RegExp(`\\| ${TOOLS[tool].fn} \\| ${tool} \\| (\\d+) (minute|hour|day)s? \\|`).exec(doc);
    expect(row).not.toBeNull();
    const unit = { minute: 60_000, hour: 3_600_000, day: 86_400_000 }[row![2] as "minute" | "hour" | "day"];
    expect(Number(row![1]) * unit).toBe(TOOLS[tool].ttlMs);
  });
});

describe("docs/functions.md: one call per identity", () => {
  // The table is generated from the catalogue's ask-wide rules; a rule changed without the docs fails here.
  const esc = (s: string): string => s.replace(/\|/g, "\\|");
  it.each(TOOL_NAMES)("states the ask-wide rule of %s", (tool) => {
    for (const r of describeWide(tool)) {
      expect(doc).toContain(`| ${TOOLS[tool].fn} | ${tool} | ${esc(r.identity)} | ${esc(r.wide)} | ${esc(r.narrow)} |`);
    }
  });
});
