/**
 * The change tests' model: the fixture "model" with its Model sheet replaced by three SVC results the
 * sandbox's controls move (AAPL's last three fiscal years, MSFT's latest revenue, the insider feed's
 * purchases) and plain formulas that depend on them, directly and through each other.
 */
import { strFromU8, unzipSync } from "fflate";
import { buildFixture } from "../model-file/fixtures";

const c = (ref: string, inner: string, attrs = "") => `<c r="${ref}"${attrs}>${inner}</c>`;
const str = (ref: string, text: string) => c(ref, `<is><t>${text}</t></is>`, ' t="inlineStr"');
const f = (ref: string, formula: string, value = "0", attrs = "") => c(ref, `<f>${formula}</f><v>${value}</v>`, attrs);
const spill = (ref: string, box: string, formula: string) => c(ref, `<f t="array" ref="${box}">${formula}</f><v>0</v>`, ' cm="1"');

const ROWS = [
  `<row r="1">${str("A1", "AAPL revenue")}${spill("B1", "B1", '_xldudf_SVC_FINANCIALS("AAPL","revenue","FY-2:FY")')}</row>`,
  `<row r="4">${str("A4", "MSFT revenue")}${f("B4", '_xldudf_SVC_FINANCIALS("MSFT","revenue","FY")')}</row>`,
  `<row r="5">${str("A5", "MSFT in billions")}${f("B5", "B4/1000")}</row>`,
  `<row r="6">${str("A6", "AAPL three years")}${f("B6", "SUM(C2:E2)")}</row>`,
  `<row r="7">${str("A7", "Both")}${f("B7", "B5+B6/1000")}</row>`,
  `<row r="8">${str("A8", "Insider buys")}${f("B8", "COUNTA(B10:B200)")}</row>`,
  `<row r="9">${spill("B9", "B9", "_xldudf_SVC_INSIDERFEED(7,TRUE)")}</row>`,
];

/** The change model as .xlsx bytes (values are placeholders until a first refresh). */
export function changeModel(): Uint8Array {
  const base = strFromU8(unzipSync(buildFixture("model"))["xl/worksheets/sheet1.xml"]);
  const sheet = base.replace(/<dimension ref="[^"]*"\/>/, '<dimension ref="A1:B9"/>').replace(/<sheetData>[\s\S]*<\/sheetData>/, `<sheetData>${ROWS.join("")}</sheetData>`);
  return buildFixture("model", { "xl/worksheets/sheet1.xml": sheet });
}

const SCENARIO = [
  `<row r="1">${str("A1", "NVDA revenue")}${f("B1", '_xldudf_SVC_FINANCIALS("NVDA","revenue","FY")', "0", ' s="2"')}${spill("H1", "H1", '_xldudf_SVC_PEERS("AAPL")')}</row>`,
  `<row r="2">${str("A2", "NVDA three years")}${spill("B2", "B2", '_xldudf_SVC_FINANCIALS("NVDA","revenue","FY-2:FY","headers=0")')}</row>`,
  `<row r="4">${str("A4", "MSFT revenue")}${f("B4", '_xldudf_SVC_FINANCIALS("MSFT","revenue","FY")', "0", ' s="2"')}</row>`,
  `<row r="5">${str("A5", "First peer's revenue")}${f("B5", '_xldudf_SVC_FINANCIALS($H$2,"revenue","FY")', "0", ' s="2"')}</row>`,
  `<row r="6">${str("A6", "Wrapped")}${f("B6", 'IFERROR(_xldudf_SVC_FINANCIALS("MSFT","revenue","FY"),0)', "0", ' s="2"')}</row>`,
  `<row r="7">${str("A7", "MSFT in billions")}${f("B7", "B4/1000")}</row>`,
  `<row r="9">${spill("B9", "B9", '_xldudf_SVC_HEADLINES("NVDA",5)')}</row>`,
];

/**
 * The scenario as a model: a single "FY" value, a headers=0 spill, a value through a ticker
 * taken from a PEERS spill, the same call literal and wrapped in IFERROR, a dependent, a headlines spill.
 */
export function scenarioModel(): Uint8Array {
  const base = strFromU8(unzipSync(buildFixture("model"))["xl/worksheets/sheet1.xml"]);
  const sheet = base.replace(/<dimension ref="[^"]*"\/>/, '<dimension ref="A1:H9"/>').replace(/<sheetData>[\s\S]*<\/sheetData>/, `<sheetData>${SCENARIO.join("")}</sheetData>`);
  return buildFixture("model", { "xl/worksheets/sheet1.xml": sheet });
}
