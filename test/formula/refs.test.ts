import { referencesOf, shiftFormula } from "../../src/formula/text/refs";
import { svcName } from "../../src/api/svc-name";
import { volatileFunctionsIn } from "../../src/formula/engine/catalogue/volatile";
import { fromFileForm, stripAddinBookPrefix, toFileForm } from "../../src/formula/text/file-form";
import { MAX_COLS, MAX_ROWS } from "../../src/formula/text/address";
import type { DefinedName } from "../../src/formula/types";

const at = { sheet: "Model", row: 1, col: 1 };
const area = (sheet: string, r0: number, c0: number, r1 = r0, c1 = c0) => ({ sheet, r0, c0, r1, c1 });

describe("svcName", () => {
  test.each([
    ["SVC.FINANCIALS", "FINANCIALS"],
    ["svc.financials", "FINANCIALS"],
    ["_xldudf_SVC_FINANCIALS", "FINANCIALS"],
    ["_XLDUDF_svc_peers", "PEERS"],
    ["SUM", null],
    ["_xlfn.XLOOKUP", null],
    ["SVC", null],
  ])("%s -> %s", (token, name) => expect(svcName(token)).toBe(name));
});

describe("volatileFunctionsIn", () => {
  test("finds TODAY NOW RAND RANDBETWEEN OFFSET INDIRECT anywhere, any case, _xlfn. ignored", () => {
    expect(volatileFunctionsIn('=SVC.FINANCIALS(A1, TEXT(today(),"yyyy"), offset(B1,1,0))')).toEqual(["TODAY", "OFFSET"]);
    expect(volatileFunctionsIn("=IF(RAND()>0.5,NOW(),RANDBETWEEN(1,2))+_xlfn.INDIRECT(\"A1\")")).toEqual(["RAND", "NOW", "RANDBETWEEN", "INDIRECT"]);
  });
  test("not text that only looks like a call, nor a name", () => {
    expect(volatileFunctionsIn('=SVC.PEERS("TODAY()") & today_rate')).toEqual([]);
  });
  test("unreadable text is still searched outside strings", () => {
    expect(volatileFunctionsIn('=SUM(Table1[Col], NOW()) & "RAND()"')).toEqual(["NOW"]);
  });
});

describe("referencesOf", () => {
  const names: DefinedName[] = [
    { name: "period", sheet: null, formula: "Inputs!$B$1" },
    { name: "period", sheet: "Model", formula: "Model!$Z$1" },
    { name: "tickers", sheet: null, formula: "=Inputs!$A$2:$A$6" },
    { name: "rate", sheet: null, formula: "0.05" },
    { name: "both", sheet: null, formula: "tickers" },
    { name: "loop", sheet: null, formula: "loop+1" },
  ];

  test("cells, ranges, other sheets, whole columns and rows; sheet-less references on the formula's sheet", () => {
    expect(referencesOf("=SVC.FINANCIALS(Inputs!$A2, B$1, 'Peer set'!$A$2:$A$6) + A:A + 3:3", at)).toEqual([
      area("Inputs", 1, 0),
      area("Model", 0, 1),
      area("Peer set", 1, 0, 5, 0),
      area("Model", 0, 0, MAX_ROWS - 1, 0),
      area("Model", 2, 0, 2, MAX_COLS - 1),
    ]);
  });

  test("names expanded: sheet scope wins on its sheet; constants have no precedents; cycles stop", () => {
    expect(referencesOf("=period", at, names)).toEqual([area("Model", 0, 25)]);
    expect(referencesOf("=period", { ...at, sheet: "Other" }, names)).toEqual([area("Inputs", 0, 1)]);
    expect(referencesOf("=both&rate&loop", at, names)).toEqual([area("Inputs", 1, 0, 5, 0)]);
    expect(referencesOf("=nothing", at, names)).toEqual([]);
  });

  test("the file form of a spill reference counts as its anchor too", () => {
    expect(referencesOf("INDEX(_xlfn.ANCHORARRAY(Peers!A2),2,1)", at)).toEqual([area("Peers", 1, 0)]);
    expect(shiftFormula("INDEX(_xlfn.ANCHORARRAY(Peers!A2),2,1)", 1, 0)).toBe("INDEX(_xlfn.ANCHORARRAY(Peers!A3),2,1)");
  });

  test("a spill reference counts as its anchor; external books are not read", () => {
    expect(referencesOf("=INDEX(Peers!A2#,2,1)+[1]Sheet1!A1", at)).toEqual([area("Peers", 1, 0)]);
  });
});

describe("shiftFormula (shared formulas)", () => {
  test("relative parts move, $ parts stay, the rest keeps its spelling", () => {
    expect(shiftFormula("_xldudf_SVC_FINANCIALS(Inputs!$A2, B$1, 'Peer set'!$A$2:A6)", 2, 1)).toBe("_xldudf_SVC_FINANCIALS(Inputs!$A4, C$1, 'Peer set'!$A$2:B8)");
    expect(shiftFormula('=SUM( a1 , "B2" ) & name1', 1, 0)).toBe('=SUM( A2 , "B2" ) & name1');
    expect(shiftFormula("=A:A+$1:2+A2#", 3, 2)).toBe("=C:C+$1:5+C5#");
  });

  test("a reference moved off the sheet becomes #REF!, as Excel does", () => {
    expect(shiftFormula("=A1+B2", -1, 0)).toBe("=#REF!+B1");
    expect(shiftFormula("=Inputs!A1:B2*2", 0, -1)).toBe("=Inputs!#REF!*2");
    expect(shiftFormula("=XFD1", 0, 1)).toBe("=#REF!");
    expect(shiftFormula("=$A$1", -5, -5)).toBe("=$A$1");
  });

  test("no move, no change", () => {
    expect(shiftFormula("=a1 +  1", 0, 0)).toBe("=a1 +  1");
  });
});

describe("file form", () => {
  test("SVC.X <-> _xldudf_SVC_X, case kept, strings untouched", () => {
    expect(toFileForm('=SVC.FINANCIALS(A1,"SVC.PEERS(x)") + svc.Peers("A")')).toBe('=_xldudf_SVC_FINANCIALS(A1,"SVC.PEERS(x)") + _xldudf_svc_Peers("A")');
    expect(fromFileForm('_xldudf_SVC_FINANCIALS(A1,"_xldudf_SVC_X(") + _xldudf_svc_Peers("A")')).toBe('SVC.FINANCIALS(A1,"_xldudf_SVC_X(") + svc.Peers("A")');
    expect(fromFileForm(toFileForm("=IFERROR(SVC.COMPANY(A1,\"name\"),\"\")"))).toBe("=IFERROR(SVC.COMPANY(A1,\"name\"),\"\")");
  });

  test("stripAddinBookPrefix turns book-prefixed SVC calls back into the add-in's calls and says so", () => {
    expect(stripAddinBookPrefix("[1]!_xldudf_SVC_FINANCIALS(A1,B1)")).toEqual({ text: "_xldudf_SVC_FINANCIALS(A1,B1)", changed: true });
    expect(stripAddinBookPrefix("='[1]'!SVC.FINANCIALS(A1)+'[2]'!svc.PEERS(\"A\")")).toEqual({ text: "=SVC.FINANCIALS(A1)+svc.PEERS(\"A\")", changed: true });
    expect(stripAddinBookPrefix("='C:\\Users\\me\\[svc.xlam]'!SVC.PEERS(\"A\")").text).toBe('=SVC.PEERS("A")');
    expect(stripAddinBookPrefix("='C:\\Users\\me''s\\svc.xlam'!SVC.PEERS(\"A\")").text).toBe('=SVC.PEERS("A")');
  });

  test("other external references, sheet references and strings stay", () => {
    for (const text of ["=[1]Sheet1!A1+SVC.X(1)", "=Inputs!A1", '="[1]!SVC.X("', "=[1]!rate", "='Peer set'!A1"]) {
      expect(stripAddinBookPrefix(text)).toEqual({ text, changed: false });
    }
  });
});
