/**
 * A sheet's charts as Excel stores them: one drawing part per sheet (a two-cell anchor per chart,
 * each a graphic frame pointing at its chart part) and one chart part per chart (a clustered bar
 * or a line chart over ranges of the workbook, with the values Excel caches left out: a reader
 * draws from the cells).
 */
import { escapeText } from "../parts/xml";
import { NewChart } from "./types";

const C = "http://schemas.openxmlformats.org/drawingml/2006/chart";
const A = "http://schemas.openxmlformats.org/drawingml/2006/main";
const R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const XDR = "http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing";

function marker(tag: string, p: { row: number; col: number }): string {
  return `<xdr:${tag}><xdr:col>${p.col}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>${p.row}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:${tag}>`;
}

/** The drawing part; chart i is relationship `rId{i+1}` of the drawing. */
export function drawingXml(charts: NewChart[]): string {
  const anchors = charts.map(
    (ch, i) =>
      `<xdr:twoCellAnchor editAs="oneCell">${marker("from", ch.from)}${marker("to", ch.to)}` +
      `<xdr:graphicFrame macro=""><xdr:nvGraphicFramePr><xdr:cNvPr id="${i + 2}" name="Chart ${i + 1}"/><xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr>` +
      '<xdr:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/></xdr:xfrm>' +
      `<a:graphic><a:graphicData uri="${C}"><c:chart xmlns:c="${C}" r:id="rId${i + 1}"/></a:graphicData></a:graphic>` +
      "</xdr:graphicFrame><xdr:clientData/></xdr:twoCellAnchor>"
  );
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<xdr:wsDr xmlns:xdr="${XDR}" xmlns:a="${A}" xmlns:r="${R}">${anchors.join("")}</xdr:wsDr>`;
}

function seriesXml(ch: NewChart): string {
  return ch.series
    .map(
      (s, i) =>
        `<c:ser><c:idx val="${i}"/><c:order val="${i}"/><c:tx><c:v>${escapeText(s.name)}</c:v></c:tx>` +
        (ch.kind === "line" ? '<c:marker><c:symbol val="none"/></c:marker>' : '<c:invertIfNegative val="0"/>') +
        `<c:cat><c:strRef><c:f>${escapeText(ch.categories)}</c:f></c:strRef></c:cat>` +
        `<c:val><c:numRef><c:f>${escapeText(s.values)}</c:f></c:numRef></c:val>` +
        (ch.kind === "line" ? '<c:smooth val="0"/>' : "") +
        "</c:ser>"
    )
    .join("");
}

function titleXml(title: string): string {
  return `<c:title><c:tx><c:rich><a:bodyPr/><a:p><a:r><a:t>${escapeText(title)}</a:t></a:r></a:p></c:rich></c:tx><c:overlay val="0"/></c:title><c:autoTitleDeleted val="0"/>`;
}

export function chartXml(ch: NewChart): string {
  const axes = '<c:axId val="100"/><c:axId val="200"/>';
  const plot =
    ch.kind === "bar"
      ? `<c:barChart><c:barDir val="col"/><c:grouping val="clustered"/><c:varyColors val="0"/>${seriesXml(ch)}<c:gapWidth val="150"/>${axes}</c:barChart>`
      : `<c:lineChart><c:grouping val="standard"/><c:varyColors val="0"/>${seriesXml(ch)}<c:marker val="1"/>${axes}</c:lineChart>`;
  const catAx = '<c:catAx><c:axId val="100"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/><c:axPos val="b"/><c:numFmt formatCode="General" sourceLinked="1"/><c:tickLblPos val="nextTo"/><c:crossAx val="200"/><c:crosses val="autoZero"/><c:auto val="1"/><c:lblAlgn val="ctr"/><c:lblOffset val="100"/><c:noMultiLvlLbl val="0"/></c:catAx>';
  const valAx = '<c:valAx><c:axId val="200"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/><c:axPos val="l"/><c:majorGridlines/><c:numFmt formatCode="General" sourceLinked="1"/><c:tickLblPos val="nextTo"/><c:crossAx val="100"/><c:crosses val="autoZero"/><c:crossBetween val="between"/></c:valAx>';
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<c:chartSpace xmlns:c="${C}" xmlns:a="${A}" xmlns:r="${R}"><c:roundedCorners val="0"/>` +
    `<c:chart>${titleXml(ch.title)}<c:plotArea><c:layout/>${plot}${catAx}${valAx}</c:plotArea>` +
    `<c:legend><c:legendPos val="b"/><c:overlay val="0"/></c:legend><c:plotVisOnly val="1"/><c:dispBlanksAs val="gap"/></c:chart></c:chartSpace>`
  );
}

