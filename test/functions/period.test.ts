import { SvcError } from "../../src/api/errors";
import { parsePeriod, pickColumns } from "../../src/functions/period";

const Y = 2026;
const FY = ["FY2021", "FY2022", "FY2023", "FY2024", "FY2025"];
const FQ = ["2025Q1", "2025Q2", "2025Q3", "2025Q4", "2026Q1", "2026Q2", "2026Q3", "2026Q4"];

function rejects(p: unknown): SvcError {
  try {
    parsePeriod(p, Y);
  } catch (e) {
    return e as SvcError;
  }
  throw new Error("expected a rejection");
}

describe("the FINANCIALS period grammar", () => {
  it("defaults to the last 5 fiscal years", () => {
    expect(parsePeriod(null, Y)).toMatchObject({ periodType: "annual", years: 5, pick: { kind: "last", count: 5 } });
  });

  it("reads a number N as the last N fiscal years", () => {
    expect(parsePeriod(3, Y)).toMatchObject({ periodType: "annual", years: 3 });
    expect(parsePeriod("7", Y)).toMatchObject({ years: 7 });
  });

  it("rejects 0 and 21 years", () => {
    expect(rejects(0).param).toBe("period");
    expect(rejects(21).message).toMatch(/1 to 20/);
  });

  it("reads FY as the latest fiscal year", () => {
    const p = parsePeriod("FY", Y);
    expect(p).toMatchObject({ periodType: "annual", years: 1 });
    expect(pickColumns(FY, p.pick)).toEqual([4]);
  });

  it("reads FY-1 as the year before the latest", () => {
    const p = parsePeriod("fy-1", Y);
    expect(p.years).toBe(2);
    expect(pickColumns(FY, p.pick)).toEqual([3]);
  });

  it("reads FY-4:FY as five years, oldest first", () => {
    const p = parsePeriod("FY-4:FY", Y);
    expect(p.years).toBe(5);
    expect(pickColumns(FY, p.pick)).toEqual([0, 1, 2, 3, 4]);
  });

  it("reads FQ-7:FQ as eight quarters from two years of quarterly data", () => {
    const p = parsePeriod("FQ-7:FQ", Y);
    expect(p).toMatchObject({ periodType: "quarterly", years: 2 });
    expect(pickColumns(FQ, p.pick)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it("reads FQ as the latest quarter", () => {
    const p = parsePeriod("FQ", Y);
    expect(pickColumns(FQ, p.pick)).toEqual([7]);
  });

  it("reads FY2024 as one absolute year and asks for enough years to reach it", () => {
    const p = parsePeriod("FY2024", Y);
    expect(p.years).toBeGreaterThanOrEqual(3);
    expect(pickColumns(FY, p.pick)).toEqual([3]);
  });

  it("reads a bare year 2024 as FY2024", () => {
    expect(parsePeriod(2024, Y).pick).toEqual({ kind: "labels", from: "FY2024", to: "FY2024" });
  });

  it("reads FY2022:FY2024 as a run of labels", () => {
    expect(pickColumns(FY, parsePeriod("FY2022:FY2024", Y).pick)).toEqual([1, 2, 3]);
  });

  it("reads 2025Q3 as one quarterly column", () => {
    const p = parsePeriod("2025Q3", Y);
    expect(p.periodType).toBe("quarterly");
    expect(pickColumns(FQ, p.pick)).toEqual([2]);
  });

  it("reads 2025Q4:2026Q2 as a run of quarters", () => {
    expect(pickColumns(FQ, parsePeriod("2025Q4:2026Q2", Y).pick)).toEqual([3, 4, 5]);
  });

  it("rejects mixing years and quarters", () => {
    expect(rejects("FY-1:FQ").message).toMatch(/mixes years and quarters/);
  });

  it("rejects a year beyond the API's 20 years of history", () => {
    expect(rejects("FY1990").message).toMatch(/20 fiscal years/);
  });

  it("rejects a future relative period", () => {
    expect(rejects("FY+1").message).toMatch(/only past periods/);
  });

  it("rejects text it does not understand, listing the forms it does", () => {
    expect(rejects("last year").message).toMatch(/FY-4:FY/);
  });

  it("picks no columns when the company's history is shorter than asked", () => {
    expect(pickColumns(["FY2025"], parsePeriod("FY-3", Y).pick)).toEqual([]);
  });

  it("reads FQ3 2025, Q3 2025 and 2025Q3 as the same fiscal quarter", () => {
    for (const t of ["FQ3 2025", "fq3 2025", "Q3 2025", "2025Q3", "FQ3 FY2025"]) expect(pickColumns(FQ, parsePeriod(t, Y).pick)).toEqual([2]);
    expect(pickColumns(FQ, parsePeriod("FQ4 2025:FQ2 2026", Y).pick)).toEqual([3, 4, 5]);
  });

  it("covers twenty fiscal years back from this year: FY2007 in 2026 asks for 20 years", () => {
    expect(parsePeriod("FY2007", Y)).toMatchObject({ years: 20 });
    expect(parsePeriod("FY2007:FY2010", Y)).toMatchObject({ years: 20 });
    expect(parsePeriod("2007Q1:2009Q2", Y)).toMatchObject({ periodType: "quarterly", years: 20 });
    expect(parsePeriod("FY2006", Y)).toMatchObject({ years: 20 }); // a December year-end company's window reaches FY2006
    expect(rejects("FY2005").message).toMatch(/20 fiscal years/);
  });

  it("never asks beyond the catalogue's bound, and asks at least one year for a future year", () => {
    for (let y = 2006; y <= 2040; y++) {
      const p = parsePeriod(`FY${y}`, Y);
      expect(p.years).toBeGreaterThanOrEqual(1);
      expect(p.years).toBeLessThanOrEqual(20);
    }
  });

  it("reads LTM as the last four quarters, LTM-1 as the four before", () => {
    const q12 = [...FQ, "2027Q1", "2027Q2", "2027Q3", "2027Q4"];
    expect(parsePeriod("LTM", Y)).toMatchObject({ periodType: "quarterly", pick: { kind: "ltm", from: 0, to: 0 } });
    expect(pickColumns(q12, parsePeriod("LTM", Y).pick)).toEqual([11]);
    expect(pickColumns(q12, parsePeriod("LTM-1", Y).pick)).toEqual([7]);
    expect(pickColumns(q12, parsePeriod("LTM-1:LTM", Y).pick)).toEqual([7, 11]);
    expect(pickColumns(FQ.slice(0, 3), parsePeriod("LTM", Y).pick)).toEqual([]);
    expect(rejects("LTM:FY").message).toMatch(/LTM/);
  });
});

