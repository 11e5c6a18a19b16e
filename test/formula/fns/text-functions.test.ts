/**
 * The text functions the engine computes itself, held to Microsoft's worked examples in the Excel
 * function reference (the conformance gate holds them to the corpus's stored values as well).
 */
import { evaluate, isUnsupported } from "../../../src/formula/engine/evaluate";
import { fakeBook } from "../fake-cells";

const at = { sheet: "Sheet1", row: 20, col: 20 };
const book = () => {
  const b = fakeBook(["Sheet1"]);
  b.fill("Sheet1!A1", [["Miriam McGovern"], ["Little red riding hood's red hood"], [null], [7], ["a"], [{ error: "#DIV/0!" }]]);
  return b;
};
const ev = (text: string, array = false) => evaluate(text, at, book(), { array });

describe("cutting text (Microsoft's examples)", () => {
  test.each([
    ['LEFT("Sale Price",4)', "Sale"],
    ['LEFT("Sweden")', "S"],
    ['RIGHT("Sale Price",5)', "Price"],
    ['RIGHT("Stock Number")', "r"],
    ['MID("Fluid Flow",1,5)', "Fluid"],
    ['MID("Fluid Flow",7,20)', "Flow"],
    ['MID("Fluid Flow",20,5)', ""],
    ['LEN("Phoenix, AZ")', 11],
    ['LEN("")', 0],
    ['LEN("     One   ")', 11],
    ['REPLACE("abcdefghijk",6,5,"*")', "abcde*k"],
    ['REPLACE("2009",3,2,"10")', "2010"],
    ['REPLACE("123456",1,3,"@")', "@456"],
    ['REPT("*-",3)', "*-*-*-"],
    ['TRIM(" First Quarter   Earnings ")', "First Quarter Earnings"],
    ['CLEAN(CHAR(9)&"Monthly report"&CHAR(10))', "Monthly report"],
    ['UPPER("total")', "TOTAL"],
    ['LOWER("E. E. Cummings")', "e. e. cummings"],
    ['PROPER("this is a TITLE")', "This Is A Title"],
    ['PROPER("2-way street")', "2-Way Street"],
    ['PROPER("76BudGet")', "76Budget"],
    ['EXACT("word","word")', true],
    ['EXACT("Word","word")', false],
    ['EXACT("w ord","word")', false],
    ['T("Rainfall")', "Rainfall"],
    ["T(19)", ""],
    ["T(TRUE)", ""],
    ['CONCATENATE("Stream population for ","species"," is ",32,"/mile.")', "Stream population for species is 32/mile."],
  ])("=%s is %j", (f, v) => expect(ev(f)).toEqual(v));

  test("booleans are TRUE and FALSE as text; counts are truncated; a negative count is #VALUE!", () => {
    expect(ev("LEFT(TRUE,2)")).toBe("TR");
    expect(ev('RIGHT("ciao",1.9)')).toBe("o");
    expect(ev('LEFT("ciao",-1)')).toEqual({ error: "#VALUE!" });
    expect(ev('MID("ciao",0,1)')).toEqual({ error: "#VALUE!" });
  });

  test("REPT beyond 32,767 characters is #VALUE!", () => {
    expect(ev('LEN(REPT("ab",16383))')).toBe(32766);
    expect(ev('REPT("ab",16384)')).toEqual({ error: "#VALUE!" });
  });

  test("TRIM removes only spaces, not tabs or non-breaking spaces", () => {
    expect(ev('TRIM(CHAR(9)&" a ")')).toBe("\t a");
    expect(ev('LEN(TRIM(UNICHAR(160)&"a"))')).toBe(2);
  });
});

describe("finding and substituting (Microsoft's examples)", () => {
  test.each([
    ['FIND("M",A1)', 1],
    ['FIND("m",A1)', 6],
    ['FIND("M",A1,3)', 8],
    ['SEARCH("e","Statements",6)', 7],
    ['SEARCH("margin","Profit Margin")', 8],
    ['SEARCH("ns?i","Einstein")', { error: "#VALUE!" }],
    ['SEARCH("ns*i","Einstein")', 3],
    ['SEARCH("~?","Late?")', 5],
    ['SUBSTITUTE("Sales Data","Sales","Cost")', "Cost Data"],
    ['SUBSTITUTE("Quarter 1, 2008","1","2",1)', "Quarter 2, 2008"],
    ['SUBSTITUTE("Quarter 1, 2011","1","2",3)', "Quarter 1, 2012"],
    ['FIND("z","abc")', { error: "#VALUE!" }],
    ['FIND("a","abc",0)', { error: "#VALUE!" }],
  ])("=%s is %j", (f, v) => expect(ev(f)).toEqual(v));
});

describe("characters", () => {
  test.each([
    ["CHAR(65)", "A"],
    ["CHAR(33)", "!"],
    ['CODE("A")', 65],
    ['CODE("!")', 33],
    ["UNICHAR(66)", "B"],
    ["UNICHAR(32)", " "],
    ["UNICHAR(0)", { error: "#VALUE!" }],
    ['UNICODE(" ")', 32],
    ['UNICODE("B")', 66],
    ["CHAR(0)", { error: "#VALUE!" }],
    ["CHAR(256)", { error: "#VALUE!" }],
  ])("=%s is %j", (f, v) => expect(ev(f)).toEqual(v));

  test("CHAR and CODE past 127 depend on the computer's code page: UNSUPPORTED when it is not known", () => {
    expect(isUnsupported(ev("CHAR(128)"))).toBe(true);
    expect(isUnsupported(ev('CODE("é")'))).toBe(true);
  });
});

describe("joining", () => {
  test.each([
    ['CONCAT("The"," ","sun"," ","will"," ","come"," ","up"," ","tomorrow.")', "The sun will come up tomorrow."],
    ['TEXTJOIN(" ",TRUE,"The","sun","will","come","up","tomorrow.")', "The sun will come up tomorrow."],
    ['TEXTJOIN(",",TRUE,A3:A5)', "7,a"],
    ['TEXTJOIN(",",FALSE,A3:A5)', ",7,a"],
    ['TEXTJOIN({"-","+"},TRUE,"a","b","c","d")', "a-b+c-d"],
    ["CONCAT(A4:A5,TRUE)", "7aTRUE"],
  ])("=%s is %j", (f, v) => expect(ev(f)).toEqual(v));

  test("an error in a joined range is the result", () => {
    expect(ev("CONCAT(A4:A6)")).toEqual({ error: "#DIV/0!" });
    expect(ev('TEXTJOIN(",",TRUE,A4:A6)')).toEqual({ error: "#DIV/0!" });
  });

  test("a text result over 32,767 characters is #VALUE!", () => {
    expect(ev('CONCAT(REPT("a",32767),"b")')).toEqual({ error: "#VALUE!" });
    expect(ev('REPT("a",32767)&""')).toHaveLength(32767);
  });
});

describe("TEXTBEFORE, TEXTAFTER, TEXTSPLIT (Microsoft's examples)", () => {
  test.each([
    ['TEXTBEFORE(A2,"hood")', "Little red riding "],
    ['TEXTBEFORE(A2,"red",2)', "Little red riding hood's "],
    ['TEXTBEFORE(A2,"red",-2)', "Little "],
    ['TEXTBEFORE(A2,"Red",,FALSE)', { error: "#N/A" }],
    ['TEXTAFTER(A2,"hood")', "'s red hood"],
    ['TEXTAFTER(A2,"HOOD",,1)', "'s red hood"],
    ['TEXTAFTER(A2,"basket",,,,"none")', "none"],
    ['TEXTAFTER(A2,"basket",1,0,1)', ""],
    ['TEXTAFTER(A2,"hood",0)', { error: "#VALUE!" }],
  ])("=%s is %j", (f, v) => expect(ev(f)).toEqual(v));

  test("TEXTSPLIT spills words, rows and columns", () => {
    expect(ev('TEXTSPLIT("Dakota Lennon Sanchez"," ")', true)).toEqual([["Dakota", "Lennon", "Sanchez"]]);
    expect(ev('TEXTSPLIT("1,2,3;4,5,6",",",";")', true)).toEqual([["1", "2", "3"], ["4", "5", "6"]]);
    expect(ev('TEXTSPLIT("Do. Or do not. There is no try. -Anonymous",,".")', true)).toEqual([["Do"], [" Or do not"], [" There is no try"], [" -Anonymous"]]);
    expect(ev('TEXTSPLIT("1,2;3",",",";")', true)).toEqual([["1", "2"], ["3", { error: "#N/A" }]]);
    expect(ev('TEXTSPLIT("1,,2",",",,TRUE)', true)).toEqual([["1", "2"]]);
    expect(ev('TEXTSPLIT("abc","")', true)).toEqual({ error: "#VALUE!" });
  });
});

describe("REGEXTEST, REGEXEXTRACT, REGEXREPLACE where JavaScript reads the pattern as PCRE2 does", () => {
  test.each([
    ['REGEXTEST("alpha","a.p")', true],
    ['REGEXTEST("ALPHA","alpha")', false],
    ['REGEXTEST("ALPHA","alpha",1)', true],
    ['REGEXEXTRACT("DylanWilliams","[A-Z][a-z]+")', "Dylan"],
    ['REGEXEXTRACT("abc","\\d")', { error: "#N/A" }],
    ['REGEXREPLACE("Sonia Rees","([A-Z])[a-z]+ ([A-Z][a-z]+)","$2, $1")', "Rees, S"],
  ])("=%s is %j", (f, v) => expect(ev(f)).toEqual(v));

  test("patterns PCRE2 reads otherwise are UNSUPPORTED", () => {
    expect(isUnsupported(ev('REGEXTEST("abc","(?i)ABC")'))).toBe(true);
    expect(isUnsupported(ev('REGEXTEST("abc","a++")'))).toBe(true);
  });
});
