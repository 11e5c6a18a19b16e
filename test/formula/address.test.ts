import { MAX_COLS, MAX_ROWS, cellAddress, parseCell, parseRange, quoteSheet, rangeAddress, normaliseAddress } from "../../src/formula/text/address";

describe("A1 addresses (src/formula/address.ts)", () => {
  test("whole columns and whole rows", () => {
    expect(parseRange("Sheet1!A:C")).toEqual({ sheet: "Sheet1", r0: 0, c0: 0, r1: MAX_ROWS - 1, c1: 2 });
    expect(parseRange("$2:$5", "S")).toEqual({ sheet: "S", r0: 1, c0: 0, r1: 4, c1: MAX_COLS - 1 });
    expect(rangeAddress(parseRange("Sheet1!$B:B"))).toBe("Sheet1!B:B");
    expect(rangeAddress(parseRange("3:3"))).toBe("3:3");
  });

  test("Excel's bounds: 1,048,576 rows × 16,384 columns; outside is an error", () => {
    expect(MAX_ROWS).toBe(1_048_576);
    expect(MAX_COLS).toBe(16_384);
    expect(parseRange("XFD1048576")).toMatchObject({ r0: 1_048_575, c0: 16_383 });
    expect(() => parseRange("XFE1")).toThrow(/outside the sheet/);
    expect(() => parseRange("A1048577")).toThrow(/outside the sheet/);
    expect(() => parseRange("A0")).toThrow();
    expect(() => parseRange("A1:B")).toThrow(/not a cell address/);
    expect(() => parseRange("A1:B2:C3")).toThrow(/not a cell address/);
  });

  test("sheet names are quoted where Excel quotes them", () => {
    expect(quoteSheet("Inputs")).toBe("Inputs");
    expect(quoteSheet("Peer set")).toBe("'Peer set'");
    expect(quoteSheet("It's")).toBe("'It''s'");
    expect(quoteSheet("2024")).toBe("'2024'");
    expect(quoteSheet("A1")).toBe("'A1'");
    expect(quoteSheet("R1C1")).toBe("'R1C1'");
    expect(cellAddress("My sheet", 1, 1)).toBe("'My sheet'!B2");
    expect(normaliseAddress("'Inputs'!$a$1:b2")).toBe("Inputs!A1:B2");
  });

  test("parseCell reads one cell and refuses a range", () => {
    expect(parseCell("'Peer set'!C3")).toEqual({ sheet: "Peer set", row: 2, col: 2 });
    expect(() => parseCell("A1:B2")).toThrow(/single cell/);
  });
});
