/**
 * The date family against Microsoft's worked examples in Excel's function reference, and Excel's
 * calendar rules the reference states (serial 60 is 1900-02-29, years 0-1899 add 1900).
 */
import { evaluate } from "../../../src/formula/engine/evaluate";
import { fakeBook } from "../fake-cells";

const at = { sheet: "S", row: 0, col: 0 };
const ev = (f: string) => evaluate(f, at, fakeBook(["S"]));

describe("date functions: Microsoft's examples", () => {
  test.each([
    ["DATE(2008,1,2)", 39449],
    ["DATE(108,1,2)", 39449],
    ["DATE(2008,14,2)", 39846],
    ["DATE(2008,1,-15)", 39432],
    ["DATE(1900,2,29)", 60],
    ["DATE(1900,3,1)", 61],
    ["YEAR(60)", 1900],
    ["MONTH(60)", 2],
    ["DAY(60)", 29],
    ["DAY(61)", 1],
    ["YEAR(DATE(2008,7,5))", 2008],
    ["EDATE(DATE(2011,1,15),1)", 40589],
    ["EDATE(DATE(2011,1,15),-1)", 40527],
    ["EDATE(DATE(2011,1,15),2)", 40617],
    ["EDATE(DATE(2011,1,31),1)", 40602],
    ["EOMONTH(DATE(2011,1,1),1)", 40602],
    ["EOMONTH(DATE(2011,1,1),-3)", 40482],
    ["TIME(12,0,0)", 0.5],
    ["HOUR(0.75)", 18],
    ["HOUR(0.99999999)", 0],
    ["MINUTE(TIME(12,45,0))", 45],
    ["SECOND(TIME(4,48,18))", 18],
    ["WEEKDAY(DATE(2008,2,14))", 5],
    ["WEEKDAY(DATE(2008,2,14),2)", 4],
    ["WEEKDAY(DATE(2008,2,14),3)", 3],
    ["WEEKDAY(1)", 1],
    ["WEEKNUM(DATE(2012,3,9))", 10],
    ["WEEKNUM(DATE(2012,3,9),2)", 11],
    ["ISOWEEKNUM(DATE(2012,3,9))", 10],
    ["DAYS(DATE(2021,3,15),DATE(2021,2,1))", 42],
    ["DAYS360(DATE(2011,1,30),DATE(2011,12,31))", 330],
    ["DATEDIF(DATE(2001,1,1),DATE(2003,1,1),\"Y\")", 2],
    ["DATEDIF(DATE(2001,6,1),DATE(2002,8,15),\"D\")", 440],
    ["DATEDIF(DATE(2001,6,1),DATE(2002,8,15),\"YD\")", 75],
    ["DATEDIF(DATE(2001,6,1),DATE(2002,8,15),\"MD\")", 14],
  ])("%s = %d", (f, want) => {
    expect(ev(f)).toBe(want);
  });

  test.each([
    ["TIME(16,48,10)", 0.700115741, 9],
    ["TIME(0,750,0)", 0.520833333, 9],
    ["YEARFRAC(DATE(2012,1,1),DATE(2012,7,30))", 0.58055556, 8],
    ["YEARFRAC(DATE(2012,1,1),DATE(2012,7,30),1)", 0.57650273, 8],
    ["YEARFRAC(DATE(2012,1,1),DATE(2012,7,30),3)", 0.57808219, 8],
  ])("%s ≈ %d", (f, want, digits) => {
    expect(ev(f)).toBeCloseTo(want, digits);
  });

  test.each([
    ["DATE(10000,1,1)", "#NUM!"],
    ["DATE(9999,13,-1)", "#NUM!"],
    ["YEAR(-1)", "#NUM!"],
    ["WEEKDAY(1,4)", "#NUM!"],
    ["DATEDIF(DATE(2003,1,1),DATE(2001,1,1),\"Y\")", "#NUM!"],
    ["DATEDIF(DATE(2001,1,1),DATE(2003,1,1),\"W\")", "#NUM!"],
    ["YEARFRAC(1,2,5)", "#NUM!"],
    ["YEARFRAC(-1,2,\"x\")", "#VALUE!"],
    ["EDATE(TRUE,1)", "#VALUE!"],
  ])("%s is %s", (f, code) => {
    expect(ev(f)).toEqual({ error: code });
  });

  test("DAYS360 takes its method as a truth value, text \"TRUE\" too (European: the 31st is the 30th)", () => {
    expect(ev('DAYS360(DATE(2011,1,30),DATE(2011,12,31),"TRUE")')).toBe(330);
    expect(ev("DAYS360(DATE(2011,1,31),DATE(2011,12,31),TRUE)")).toBe(330);
  });
});

describe("working days: Microsoft's examples", () => {
  test.each([
    ["WORKDAY(DATE(2008,10,1),151)", 39933],
    ["WORKDAY(DATE(2008,10,1),151,{39778,39786,39834})", 39938],
    ["WORKDAY(DATE(2012,1,9),-1)", 40914],
    ["WORKDAY(DATE(2012,1,7),0)", 40915],
    ["NETWORKDAYS(DATE(2012,10,1),DATE(2013,3,1))", 110],
    ["NETWORKDAYS(DATE(2012,10,1),DATE(2013,3,1),DATE(2012,11,22))", 109],
    ["NETWORKDAYS.INTL(DATE(2006,1,1),DATE(2006,1,31))", 22],
    ["NETWORKDAYS.INTL(DATE(2006,2,28),DATE(2006,1,31))", -21],
    ["NETWORKDAYS.INTL(DATE(2006,1,1),DATE(2006,2,1),7,{38719,38733})", 22],
    ['NETWORKDAYS.INTL(DATE(2006,1,1),DATE(2006,2,1),"0010001",{38719,38733})', 20],
    ["WORKDAY.INTL(DATE(2012,1,1),90,11)", 41013],
    ["WORKDAY.INTL(DATE(2012,1,1),30,17)", 40944],
  ])("%s = %d", (f, want) => {
    expect(ev(f)).toBe(want);
  });

  test.each([
    ["WORKDAY.INTL(DATE(2012,1,1),30,0)", "#NUM!"],
    ['NETWORKDAYS.INTL(1,10,"1111111")', "#VALUE!"],
    ["WORKDAY(40915,1,TRUE)", "#VALUE!"],
  ])("%s is %s", (f, code) => {
    expect(ev(f)).toEqual({ error: code });
  });
});
