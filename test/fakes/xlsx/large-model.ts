/**
 * A generated model file for benchmarks and long-run tests: a "Model" sheet with one row per ticker,
 * one column per metric, each row one shared formula `_xldudf_SVC_FINANCIALS($A2,B$1,"FY")` (as Excel
 * stores a filled row), tickers and headers in the shared string table, a SUM per row (a plain
 * dependent), stale stored values. Also returns the same calls as `eval` formulas.
 */
import { strToU8, zipSync, Zippable } from "fflate";
import { companies } from "../api/companies";
import { SPEC_METRICS, STATEMENTS } from "../api/rules";

function col(c: number): string {
  let s = "";
  for (let n = c + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n';
const MAIN = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

function sheetXml(tickers: string[], metrics: string[]): string {
  const last = col(metrics.length);
  const rows = [`<row r="1"><c r="A1" t="s"><v>0</v></c>${metrics.map((_, i) => `<c r="${col(i + 1)}1" t="s"><v>${i + 1 + tickers.length}</v></c>`).join("")}</row>`];
  tickers.forEach((_, t) => {
    const r = t + 2;
    const cells = metrics.map((_, i) => {
      const f = i === 0 ? `<f t="shared" ref="B${r}:${last}${r}" si="${t}">_xldudf_SVC_FINANCIALS($A${r},B$1,"FY")</f>` : `<f t="shared" si="${t}"/>`;
      return `<c r="${col(i + 1)}${r}">${f}<v>0</v></c>`;
    });
    const sum = `<c r="${col(metrics.length + 1)}${r}"><f>SUM(B${r}:${last}${r})</f><v>0</v></c>`;
    rows.push(`<row r="${r}"><c r="A${r}" t="s"><v>${t + 1}</v></c>${cells.join("")}${sum}</row>`);
  });
  return `${XML}<worksheet ${MAIN}><dimension ref="A1:${col(metrics.length + 1)}${tickers.length + 1}"/><sheetData>${rows.join("")}</sheetData></worksheet>`;
}

function parts(tickers: string[], metrics: string[]): Zippable {
  const strings = ["ticker", ...tickers, ...metrics];
  const t = (s: string) => strToU8(s);
  return {
    "[Content_Types].xml": t(`${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/><Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/></Types>`),
    "_rels/.rels": t(`${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId2" Type="${REL}/extended-properties" Target="docProps/app.xml"/><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    "docProps/app.xml": t(`${XML}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>Microsoft Excel</Application></Properties>`),
    "xl/workbook.xml": t(`${XML}<workbook ${MAIN} xmlns:r="${REL}"><sheets><sheet name="Model" sheetId="1" r:id="rId1"/></sheets><calcPr calcId="191029"/></workbook>`),
    "xl/_rels/workbook.xml.rels": t(`${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`),
    "xl/sharedStrings.xml": t(`${XML}<sst ${MAIN} count="${strings.length}" uniqueCount="${strings.length}">${strings.map((s) => `<si><t>${s}</t></si>`).join("")}</sst>`),
    "xl/worksheets/sheet1.xml": t(sheetXml(tickers, metrics)),
  };
}

/** A model of the given tickers (rows) and metric keys (columns), zipped as Excel does. */
export function modelOf(tickers: string[], metrics: string[]): Uint8Array {
  return zipSync(parts(tickers, metrics), { level: 6, mtime: new Date(1980, 0, 1) });
}

/** The model (`tickers` × `metrics` SVC formulas) and the same calls as `eval` formulas. */
export function largeModel(tickerCount = 25, metricCount = 40): { bytes: Uint8Array; formulas: string[] } {
  const tickers = companies().map((c) => c.ticker).slice(0, tickerCount);
  const all = STATEMENTS.flatMap((s) => SPEC_METRICS[s]);
  const metrics = all.slice(0, metricCount);
  if (tickers.length < tickerCount || metrics.length < metricCount) throw new Error(`largeModel: at most ${tickers.length} tickers and ${all.length} metrics`);
  const formulas = tickers.flatMap((t) => metrics.map((m) => `SVC.FINANCIALS("${t}","${m}","FY")`));
  return { bytes: zipSync(parts(tickers, metrics), { level: 6, mtime: new Date(1980, 0, 1) }), formulas };
}
