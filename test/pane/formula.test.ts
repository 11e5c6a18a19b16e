import { argSpecs, formulaText, quoteText, textArg } from "../../src/taskpane/pane/formula";
import { TOOLS, TOOL_NAMES } from "../../src/api/catalogue";
import { argHelp } from "../../src/api/arguments";

describe("formula builder text", () => {
  it("quotes text arguments and doubles quotes inside them", () => {
    expect(formulaText("FILINGS", ["BRK-B", 'say "hi"'])).toBe('=SVC.FILINGS("BRK-B","say ""hi""")');
  });

  it("leaves numbers and booleans bare", () => {
    expect(formulaText("INSIDERFEED", [30, false, 100000, true, 50])).toBe("=SVC.INSIDERFEED(30,FALSE,100000,TRUE,50)");
  });

  it("omits trailing empty arguments", () => {
    expect(formulaText("CONGRESSFEED", [30, null, "", null, undefined, null, null])).toBe("=SVC.CONGRESSFEED(30)");
  });

  it("keeps skipped arguments in the middle as empty slots", () => {
    expect(formulaText("FILINGS", ["AAPL", null, 5])).toBe('=SVC.FILINGS("AAPL",,5)');
  });

  it("writes a function with no arguments as NAME()", () => {
    expect(formulaText("ECONOMY", [null, null, null])).toBe("=SVC.ECONOMY()");
  });

  it("splits text longer than Excel's 255-character literal limit into joined literals", () => {
    const long = "a".repeat(300);
    expect(quoteText(long)).toBe(`"${"a".repeat(255)}"&"${"a".repeat(45)}"`);
  });

  it("keeps a whole number typed as FINANCIALS period bare and other periods as text", () => {
    expect(formulaText("FINANCIALS", ["AAPL", "revenue", textArg("10", true)])).toBe('=SVC.FINANCIALS("AAPL","revenue",10)');
    expect(formulaText("FINANCIALS", ["AAPL", "revenue", textArg("FY-4:FY", true)])).toBe('=SVC.FINANCIALS("AAPL","revenue","FY-4:FY")');
  });

  it("takes each function's arguments in the catalogue's fnArgs order", () => {
    expect(argSpecs("get_congress_feed").map((a) => a.name)).toEqual([...TOOLS.get_congress_feed.fnArgs]);
    expect(argSpecs("get_insider_feed").find((a) => a.name === "days")?.param).toEqual({ ...TOOLS.get_insider_feed.params[0], description: argHelp("INSIDERFEED", "days") });
  });

  it("shows each argument's one help text (src/api/arguments.ts): the period's forms, LTM included, and every option", () => {
    for (const t of TOOL_NAMES) for (const a of argSpecs(t)) expect([t, a.name, a.param.description]).toEqual([t, a.name, argHelp(TOOLS[t].fn, a.name)]);
    expect(argSpecs("get_financials").find((a) => a.name === "period")?.param.description).toMatch(/LTM/);
    expect(argSpecs("get_financials").find((a) => a.name === "options")?.param.description).toMatch(/headers=0\|1\|2/);
  });
});
