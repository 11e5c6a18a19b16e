/** The provenance reader accepts every plausible shape of include_provenance and never fails on others. */
import { financialsView } from "../../src/shape/financials";
import { filingUrl, provenanceAt } from "../../src/shape/provenance";

const base = { cik: 320193, periods: ["FY2025", "FY2026"] };
const ACC = "0000320193-25-000079";

describe("provenance shapes", () => {
  it.each([
    ["parallel array", { metrics: [{ key: "revenue", values: [1, 2], provenance: [null, { concept: "us-gaap:Revenues", accession_number: ACC }] }] }],
    ["sources array", { metrics: [{ key: "revenue", values: [1, 2], sources: [null, { xbrl_concept: "us-gaap:Revenues", accn: ACC }] }] }],
    ["value objects", { metrics: [{ key: "revenue", values: [{ value: 1 }, { value: 2, concept: "us-gaap:Revenues", accession: ACC }] }] }],
    ["top-level by key", { metrics: [{ key: "revenue", values: [1, 2] }], provenance: { revenue: [null, { tag: "us-gaap:Revenues", filing: { accession_number: ACC } }] } }],
    ["top-level list", { metrics: [{ key: "revenue", values: [1, 2] }], provenance: [{ metric: "revenue", period: "FY2026", concept: "us-gaap:Revenues", accession: ACC }] }],
  ])("%s", (_, shape) => {
    const data = { ...base, ...shape } as Record<string, unknown>;
    const v = financialsView(data);
    expect(v.rows[0].values).toEqual([1, 2]);
    expect(v.rows[0].sources[1]).toEqual({ concept: "us-gaap:Revenues", formula: null, accession: ACC, url: `https://www.sec.gov/Archives/edgar/data/320193/${ACC.replace(/-/g, "")}/` });
    expect(v.rows[0].sources[0]).toBeNull();
  });

  it("reads a bare string as a concept or a formula", () => {
    const m = { key: "gross_margin", provenance: ["us-gaap:GrossProfit", "gross_profit / revenue"] };
    expect(provenanceAt({}, m, 0)?.concept).toBe("us-gaap:GrossProfit");
    expect(provenanceAt({}, m, 1)?.formula).toBe("gross_profit / revenue");
  });

  it("tolerates garbage", () => {
    for (const junk of [42, "", [], {}, { provenance: 7 }, { provenance: [[1]] }, { values: [true] }])
      expect(provenanceAt({ provenance: "x" }, junk as Record<string, unknown>, 0)).toBeNull();
    expect(filingUrl(null, ACC)).toBeNull();
    expect(filingUrl(320193, "not-an-accession")).toBeNull();
  });
});
