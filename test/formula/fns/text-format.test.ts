/**
 * TEXT's number formats, FIXED, DOLLAR, VALUETOTEXT and ARRAYTOTEXT, held to the examples of
 * Microsoft's TEXT, custom number format, FIXED, DOLLAR, VALUETOTEXT and ARRAYTOTEXT pages. The
 * conformance gate holds TEXT to the corpus's 500 stored values besides.
 */
import { evaluate, isUnsupported } from "../../../src/formula/engine/evaluate";
import { fakeBook } from "../fake-cells";

const at = { sheet: "Sheet1", row: 20, col: 20 };
const book = () => {
  const b = fakeBook(["Sheet1"]);
  b.fill("Sheet1!A1", [[true, { error: "#VALUE!" }], [1234.01234, "Seattle"], ["Hello", "1,123"], ["abc", null]]);
  b.set("Sheet1!D1", 40982.56313657407); // 2012-03-14 13:30:55
  return b;
};
const ev = (text: string, opts = {}) => evaluate(text, at, book(), opts);

describe("TEXT: Microsoft's examples", () => {
  test.each([
    ['TEXT(1234.567,"$#,##0.00")', "$1,234.57"],
    ['TEXT(0.285,"0.0%")', "28.5%"],
    ['TEXT(12200000,"0.00E+00")', "1.22E+07"],
    ['TEXT(1234567898,"[<=9999999]###-####;(###) ###-####")', "(123) 456-7898"],
    ['TEXT(1234,"0000000")', "0001234"],
    [`TEXT(123456,"##0° 00' 00''")`, "12° 34' 56''"],
    ['TEXT(1234.59,"####.#")', "1234.6"],
    ['TEXT(8.9,"#.000")', "8.900"],
    ['TEXT(0.631,"0.#")', "0.6"],
    ['TEXT(12,"#.0#")', "12.0"],
    ['TEXT(1234.568,"#.0#")', "1234.57"],
    ['TEXT(44.398,"???.???")', " 44.398"],
    ['TEXT(102.65,"???.???")', "102.65 "],
    ['TEXT(2.8,"???.???")', "  2.8  "],
    ['TEXT(12000,"#,###")', "12,000"],
    ['TEXT(12000,"#,")', "12"],
    ['TEXT(12200000,"0.0,,")', "12.2"],
    ['TEXT(-5,"0.00;[Red]-0.00")', "-5.00"],
    ['TEXT(1234.5678,"General")', "1234.5678"],
  ])("=%s is %j", (f, v) => expect(ev(f)).toEqual(v));
});

describe("TEXT of dates and times (2012-03-14 13:30:55)", () => {
  test.each([
    ["mm/dd/yy", "03/14/12"],
    ["dddd", "Wednesday"],
    ["ddd, mmm d", "Wed, Mar 14"],
    ["h:mm AM/PM", "1:30 PM"],
    ["h:mm:ss", "13:30:55"],
    ["mmmm d, yyyy", "March 14, 2012"],
    ["mmmmm", "M"],
    ["yyyy-mm-dd hh:mm", "2012-03-14 13:30"],
    ["h:mm:ss A/P", "1:30:55 P"],
  ])("TEXT(D1,%j) is %j", (code, v) => expect(ev(`TEXT(D1,"${code}")`)).toEqual(v));

  test("elapsed time counts past a day; m after h is minutes", () => {
    expect(ev('TEXT(1.5,"[h]:mm")')).toBe("36:00");
    expect(ev('TEXT(1/24,"[mm]:ss")')).toBe("60:00");
    expect(ev('TEXT(0.75,"hh:mm")')).toBe("18:00");
  });

  test("a serial rounds to the second shown, and to the 1/100 after ss.00", () => {
    expect(ev('TEXT((7*3600+59*60+59.6)/86400,"h:mm:ss")')).toBe("8:00:00");
    expect(ev('TEXT((7*3600+59*60+59.6)/86400,"h:mm:ss.00")')).toBe("7:59:59.60");
  });

  test("a negative date, or one after 9999-12-31, is #VALUE!; an elapsed count may be negative", () => {
    expect(ev('TEXT(-1,"d/m/yyyy")')).toEqual({ error: "#VALUE!" });
    expect(ev('TEXT(2958466,"yyyy")')).toEqual({ error: "#VALUE!" });
    expect(ev('TEXT(-1,"[h]")')).toBe("-24");
  });

  test("the 1904 date system counts from 1904-01-01", () => {
    expect(ev('TEXT(0,"yyyy-mm-dd")', { date1904: true })).toBe("1904-01-01");
    expect(ev('TEXT(0,"yyyy-mm-dd")')).toBe("1900-01-00");
  });
});

describe("TEXT: sections, signs, text", () => {
  test.each([
    ['TEXT(-1234.5,"#,##0.00;(#,##0.00)")', "(1,234.50)"],
    ['TEXT(0,"0;-0;""zero""")', "zero"],
    ['TEXT(-0.001,"0.00")', "0.00"],
    ['TEXT(-1/3,"#.#")', "-.3"],
    ['TEXT(2.675,"0.00")', "2.68"],
    ['TEXT(1,"")', ""],
    ['TEXT(-1,"")', "-"],
    ['TEXT(A4,"")', "abc"],
    ['TEXT("abc","0.00")', "abc"],
    ['TEXT("abc","""Name: ""@")', "Name: abc"],
    ['TEXT("1.5","0.00")', "1.50"],
    ['TEXT(TRUE,"0.00")', "TRUE"],
    ['TEXT(5,"0;0;0;@;0")', { error: "#VALUE!" }],
    ['TEXT(5,"0@")', { error: "#VALUE!" }],
    ['TEXT(1.5,"0.0 ""kg""")', "1.5 kg"],
    ['TEXT(1.5,"0.0_)")', "1.5 "],
    ['TEXT(1.5,"*-0.0")', "1.5"],
    ['TEXT(123456789012,"General")', "1.23457E+11"],
    ['TEXT(1/3,"General")', "0.333333333"],
  ])("=%s is %j", (f, v) => expect(ev(f)).toEqual(v));

  test("what the engine cannot render exactly is UNSUPPORTED, not a guess", () => {
    expect(isUnsupported(ev('TEXT(4.34,"# ?/?")'))).toBe(true);
    expect(isUnsupported(ev('TEXT(1,"[$-411]ggge")'))).toBe(true);
    expect(isUnsupported(ev('TEXT(12345,"##0.0E+0")'))).toBe(true);
  });
});

describe("FIXED and DOLLAR (Microsoft's examples)", () => {
  test.each([
    ["FIXED(1234.567,1)", "1,234.6"],
    ["FIXED(1234.567,-1)", "1,230"],
    ["FIXED(-1234.567,-1,TRUE)", "-1230"],
    ["FIXED(44.332)", "44.33"],
    ["DOLLAR(1234.567,2)", "$1,234.57"],
    ["DOLLAR(1234.567,-2)", "$1,200"],
    ["DOLLAR(-1234.567,-2)", "($1,200)"],
    ["DOLLAR(-0.123,4)", "($0.1230)"],
    ["DOLLAR(99.888)", "$99.89"],
  ])("=%s is %j", (f, v) => expect(ev(f)).toEqual(v));
});

describe("VALUETOTEXT and ARRAYTOTEXT (Microsoft's examples)", () => {
  test.each([
    ['VALUETOTEXT("Seattle",1)', '"Seattle"'],
    ["VALUETOTEXT(TRUE)", "TRUE"],
    ["VALUETOTEXT(1234.01234)", "1234.01234"],
    ["VALUETOTEXT(B1)", "#VALUE!"],
    ["VALUETOTEXT(1,2)", { error: "#VALUE!" }],
    ["ARRAYTOTEXT(A1:B3)", "TRUE, #VALUE!, 1234.01234, Seattle, Hello, 1,123"],
    ["ARRAYTOTEXT(A1:B3,1)", '{TRUE,#VALUE!;1234.01234,"Seattle";"Hello","1,123"}'],
  ])("=%s is %j", (f, v) => expect(ev(f)).toEqual(v));
});

describe("NUMBERVALUE (Microsoft's examples)", () => {
  test.each([
    ['NUMBERVALUE("2.500,27",",",".")', 2500.27],
    ['NUMBERVALUE("3.5%")', 0.035],
    ['NUMBERVALUE("")', 0],
    ['NUMBERVALUE(" 1 234.5 ")', 1234.5],
    ['NUMBERVALUE("1.2.3")', { error: "#VALUE!" }],
    ['NUMBERVALUE("1.234,5",",",".")', 1234.5],
    ['NUMBERVALUE("1,5.234",",",".")', { error: "#VALUE!" }],
  ])("=%s is %j", (f, v) => expect(ev(f)).toEqual(v));
});
