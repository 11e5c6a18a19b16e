import { SvcError } from "../../src/api/errors";
import { parseOptions } from "../../src/functions/options";

function rejects(text: string, fn = "FILINGS"): SvcError {
  try {
    parseOptions(text, fn);
  } catch (e) {
    return e as SvcError;
  }
  throw new Error("expected a rejection");
}

describe("the options argument", () => {
  it("defaults to headers=1, serial dates and blank for missing values", () => {
    expect(parseOptions(null, "FILINGS")).toEqual({ headers: 1, dates: "serial", na: "blank", extra: {} });
  });

  it("reads name=value pairs separated by semicolons, case-insensitively", () => {
    expect(parseOptions("Headers=0; dates=TEXT;na=na", "FILINGS")).toMatchObject({ headers: 0, dates: "text", na: "na" });
  });

  it("rejects an unknown option, listing the allowed ones", () => {
    const e = rejects("header=0");
    expect(e.param).toBe("options");
    expect(e.message).toMatch(/unknown option "header".*headers, dates, na/);
  });

  it("rejects a value outside the allowed ones", () => {
    expect(rejects("headers=3").message).toMatch(/headers must be 0 or 1 or 2/);
  });

  it("accepts a function's own option only on that function", () => {
    expect(parseOptions("part=founders", "LEADERSHIP").extra).toEqual({ part: "founders" });
    expect(rejects("part=founders", "FILINGS").message).toMatch(/unknown option "part"/);
  });
});
