import { FormulaSyntaxError, parseFormula } from "../../src/formula";

describe("parseFormula", () => {
  it("reads a call with text and number literals", () => {
    expect(parseFormula('=SVC.FINANCIALS("AAPL","revenue",5)')).toEqual({ fn: "FINANCIALS", args: ["AAPL", "revenue", 5] });
  });

  it("reads empty arguments as null", () => {
    expect(parseFormula('=SVC.FILINGS("AAPL",,5)').args).toEqual(["AAPL", null, 5]);
  });

  it("reads booleans and doubled quotes", () => {
    expect(parseFormula('=svc.insiderfeed(7, FALSE, , TRUE, "a""b")').args).toEqual([7, false, null, true, 'a"b']);
  });

  it("reads a row array constant", () => {
    expect(parseFormula('=SVC.FINANCIALS("AAPL",{"revenue","net_income"},"FY")').args[1]).toEqual([["revenue", "net_income"]]);
  });

  it("reads a column array constant", () => {
    expect(parseFormula('=SVC.SCREEN({"roic:15:";"rule_of_40:40:"})').args[0]).toEqual([["roic:15:"], ["rule_of_40:40:"]]);
  });

  it("reads negative and decimal numbers", () => {
    expect(parseFormula("=SVC.X(-1.5, 2e3)").args).toEqual([-1.5, 2000]);
  });

  it("drops trailing empty arguments", () => {
    expect(parseFormula('=SVC.PEERS("AAPL",,)').args).toEqual(["AAPL"]);
  });

  it("reads a call without arguments", () => {
    expect(parseFormula("=SVC.ECONOMY()")).toEqual({ fn: "ECONOMY", args: [] });
  });

  it.each(['=SVC.FINANCIALS("AAPL"', '=SVC.FINANCIALS("AAPL) ', "=SVC.FINANCIALS(AAPL)", '=SVC.A("x") + 1', "=1+2"])(
    "rejects %s",
    (text) => {
      expect(() => parseFormula(text)).toThrow(FormulaSyntaxError);
    }
  );
});
