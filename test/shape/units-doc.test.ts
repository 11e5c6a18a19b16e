/** docs/functions.md states the unit convention the code applies: every converted field is listed, SVC.PERIODS documented. */
import * as fs from "fs";
import * as path from "path";
import { PERIODS_ARGS } from "../../src/api/arguments";
import { FIELD_KINDS } from "../../src/shape/fields";

const PERCENT_FIELDS = Object.keys(FIELD_KINDS).filter((k) => FIELD_KINDS[k] === "percent");

const doc = fs.readFileSync(path.join(__dirname, "../../docs/functions.md"), "utf8");
const units = doc.slice(doc.indexOf("## Units"), doc.indexOf("## Dates"));

describe("docs/functions.md, Units", () => {
  it.each([...PERCENT_FIELDS])("lists %s among the fields converted from the API's percent", (f) => {
    expect(units).toContain("`" + f + "`");
  });

  it("documents SVC.PERIODS with its arguments in order", () => {
    const heading = /^### SVC\.PERIODS\((.*)\)$/m.exec(doc);
    expect(heading![1].split(",").map((a) => a.trim().replace(/^\[|\]$/g, ""))).toEqual([...PERIODS_ARGS]);
  });
});
