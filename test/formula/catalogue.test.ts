/**
 * The catalogue of Excel functions is what the engine, the volatile lint and the docs read: a
 * function is computed the way its entry says, refused with its entry's reason, volatile when its
 * entry says so (Microsoft's list of volatile functions: NOW, TODAY, RAND, RANDBETWEEN, RANDARRAY,
 * OFFSET, INDIRECT), and docs/formula.md shows the catalogue as it is.
 */
import { catalogue, entryOf, implemented } from "../../src/formula/engine/catalogue";
import { catalogueTable } from "../../src/formula/engine/catalogue/describe";
import { volatileFunctionsIn, volatilityOf } from "../../src/formula/engine/catalogue/volatile";
import { PURE } from "../../src/formula/engine/fns";
import { evaluate, unsupportedFunctions } from "../../src/formula/engine/evaluate";
import { documentedTable } from "./catalogue-doc";
import { fakeBook } from "./fake-cells";

const at = { sheet: "Sheet1", row: 5, col: 5 };

describe("the catalogue", () => {
  test("docs/formula.md shows it as it is (run node scripts/catalogue-doc.js after changing a function)", () => {
    expect(documentedTable()).toEqual(catalogueTable());
  });

  test("every pure function of the fns/ families is its own catalogue entry", () => {
    for (const [name, f] of Object.entries(PURE)) {
      const e = entryOf(name);
      if (e.implementation.kind === "own") continue; // an own evaluation of the same name comes first
      expect(e.implementation.kind).toBe("pure");
      expect([e.min, e.max]).toEqual([f.min, f.max]);
    }
  });

  test("the engine computes what the catalogue says it computes, and refuses the rest with the entry's reason", () => {
    const entries = catalogue();
    expect(entries.length).toBeGreaterThan(400);
    for (const e of entries) expect(implemented(e.name)).toBe(e.implementation.kind !== "refused");
    const refused = entries.filter((e) => e.implementation.kind === "refused" && e.rules.dates === undefined && e.name !== "RANDARRAY");
    for (const e of refused.slice(0, 40)) {
      const reason = e.implementation.kind === "refused" ? e.implementation.reason : "";
      expect(evaluate(`${e.name}(1)`, at, fakeBook())).toEqual({ unsupported: reason });
      expect(unsupportedFunctions(`=${e.name}(1)+SUM(1)`)).toEqual([e.name]);
    }
  });

  test("a name Excel does not have is refused as not implemented", () => {
    expect(entryOf("NOSUCHFUNCTION").implementation).toEqual({ kind: "refused", reason: "NOSUCHFUNCTION is not implemented" });
  });

  test("Excel's own rules for the engine's own functions: IF takes 2 or 3 arguments, SUMIFS 3 to 255 with its ranges as references", () => {
    expect([entryOf("IF").min, entryOf("IF").max]).toEqual([2, 3]);
    expect(entryOf("SUMIFS").rules.refs).toEqual(expect.arrayContaining([0, 1, 3, 253]));
    expect(entryOf("SUMIFS").rules.refs).not.toContain(2);
  });
});

describe("volatility from the catalogue", () => {
  test.each([
    ["NOW", "clock"],
    ["TODAY", "clock"],
    ["RAND", "random"],
    ["RANDBETWEEN", "random"],
    ["_xlfn.RANDARRAY", "random"],
    ["offset", "reference"],
    ["INDIRECT", "reference"],
  ])("%s is volatile (%s)", (name, kind) => expect(volatilityOf(name)).toBe(kind));

  test.each(["SUM", "INDEX", "IF", "XLOOKUP", "NOSUCHFUNCTION"])("%s is not volatile", (name) => expect(volatilityOf(name)).toBeUndefined());

  test("the lint finds every volatile call of a formula", () => {
    expect(volatileFunctionsIn("=SUM(_xlfn.RANDARRAY(2))+OFFSET(A1,1,1)*INDEX(A1:A3,2)")).toEqual(["RANDARRAY", "OFFSET"]);
  });
});
