import { isRealDate, serialToIsoDate } from "../../src/api/excel-date";

describe("Excel 1900 date serials", () => {
  it("matches Excel on known serials, including the 1900-02-29 quirk", () => {
    expect(serialToIsoDate(1)).toBe("1900-01-01");
    expect(serialToIsoDate(59)).toBe("1900-02-28");
    expect(serialToIsoDate(60)).toBeNull(); // Excel's phantom 1900-02-29
    expect(serialToIsoDate(61)).toBe("1900-03-01");
    expect(serialToIsoDate(45292)).toBe("2024-01-01");
    expect(serialToIsoDate(45657)).toBe("2024-12-31");
    expect(serialToIsoDate(45657.99)).toBe("2024-12-31");
    expect(serialToIsoDate(2958465)).toBe("9999-12-31");
  });

  it("refuses what is not a serial", () => {
    for (const s of [0, -1, 2958466, NaN, Infinity]) expect(serialToIsoDate(s)).toBeNull();
  });

  it("consecutive serials from 61 are consecutive days", () => {
    let prev = Date.parse(serialToIsoDate(61)!);
    for (let s = 61 + 37; s < 80000; s += 37) {
      const t = Date.parse(serialToIsoDate(s)!);
      expect((t - prev) / 86400000).toBe(37);
      prev = t;
    }
  });

  it("knows real dates", () => {
    expect(isRealDate("2024-02-29")).toBe(true);
    expect(isRealDate("2023-02-29")).toBe(false);
    expect(isRealDate("2024-02-30")).toBe(false);
    expect(isRealDate("2024-13-01")).toBe(false);
  });
});
