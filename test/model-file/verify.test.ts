/**
 * Self-verification: a recomputed dependent is written only if the engine, given the inputs the file
 * holds, gives the value Excel stored; otherwise it and everything reading it keep their stored values
 * and are listed stale with the reason. Works whatever the engine computes right: assertions that
 * depend on the engine's semantics only require "written and right, or stale with a reason".
 */
import { strFromU8 } from "fflate";
import { readModel, refreshModel } from "../../src/model-file";
import { suspectConstruct } from "../../src/model-file/model/verify-constructs";
import { verifyDependents, dependentsLine } from "../../src/model-file/model/verify-dependents";
import { agree15 } from "../../src/model-file/model/verify-values";
import { cellXmlByAddress } from "./cells";
import { buildFixture, fixtureText, unzipAll } from "./fixtures";
import { DEPENDENTS, revenueCaller, SUMMARY } from "./verify-model";

const storedWith = (cell: string, value: string) =>
  fixtureText("verify", SUMMARY).replace(new RegExp(`(<c r="${cell}"[^>]*>(?:<f[^>]*>[^<]*</f>))<v>[^<]*</v>`), `$1<v>${value}</v>`);

async function refresh(bytes: Uint8Array) {
  const out = await refreshModel(readModel(bytes), { call: revenueCaller().call });
  return { ...out, summary: cellXmlByAddress(strFromU8(unzipAll(out.bytes).get(SUMMARY) as Uint8Array)), before: cellXmlByAddress(strFromU8(unzipAll(bytes).get(SUMMARY) as Uint8Array)) };
}

describe("self-verification of dependents", () => {
  test("check's verdict: each dependent verified or stale with a reason; the engine's gaps and a never-calculated formula are stale", () => {
    const v = verifyDependents(readModel(buildFixture("verify")));
    expect(v.total).toBe(Object.keys(DEPENDENTS).length);
    expect(v.verified + v.stale.length).toBe(v.total);
    const why = new Map(v.stale.map((s) => [s.cell, s.reason]));
    expect(why.get("B7")).toBe('CELL("protect") needs cell formats, which the engine does not read');
    expect(why.get("B11")).toMatch(/^Excel stored no value for it \(never calculated\)/);
    for (const cell of ["B8", "B9", "B12", "B13"]) expect({ cell, why: why.get(cell) }).toEqual({ cell, why: undefined });
    // B10 reads B3: stale exactly when B3 is
    expect(why.get("B10")).toBe(why.has("B3") ? "reads Summary!B3, which is not verified" : undefined);
    for (const [cell, reason] of why) if (!["B7", "B10", "B11"].includes(cell)) expect({ cell, reason }).toEqual({ cell, reason: expect.stringMatching(/^the engine gives .+ where Excel stored .+ \(.+\)$/) });
    expect(dependentsLine(v)).toBe(`${v.verified} of ${v.total} dependents verified; ${v.stale.length} stale`);
  });

  test("a stored value the engine does not reproduce: the formula and its readers keep their stored values, stale with the reason", async () => {
    const r = await refresh(buildFixture("verify", { [SUMMARY]: storedWith("B8", "7") }));
    const stale = new Map(r.report.stale.map((s) => [s.cell, s.reason]));
    expect(stale.get("B8")).toBe("the engine gives 6 where Excel stored 7");
    expect(stale.get("B12")).toBe("reads Summary!B8, which could not be recomputed");
    expect([r.summary.get("B8"), r.summary.get("B12")]).toEqual([r.before.get("B8"), r.before.get("B12")]);
    expect(r.report.recomputed.map((c) => c.cell)).toEqual(expect.arrayContaining(["B9", "B13"]));
  });

  test("refresh: a dependent is recomputed (or found unchanged) or stale, never both; stale ones keep their stored XML", async () => {
    const r = await refresh(buildFixture("verify"));
    const recomputed = new Set(r.report.recomputed.map((c) => c.cell));
    const stale = new Set(r.report.stale.map((s) => s.cell));
    for (const cell of Object.keys(DEPENDENTS)) expect({ cell, both: recomputed.has(cell) && stale.has(cell) }).toEqual({ cell, both: false });
    for (const cell of stale) expect(r.summary.get(cell)).toBe(r.before.get(cell));
    expect([...stale]).toEqual(expect.arrayContaining(["B7", "B11"]));
    expect(r.summary.get("B8")).toBe('<c r="B8"><f>Data!A1+Data!A2+Data!A3</f><v>10</v></c>');
    expect(r.summary.get("B13")).toBe('<c r="B13" t="str"><f>IF(Data!A2&gt;1,"up","down")</f><v>down</v></c>');
  });

  test("the construct named beside a mismatch", () => {
    expect(suspectConstruct("IF(A1>5,1,)", false)).toBe("an empty argument in IF");
    expect(suspectConstruct("SUMPRODUCT((A1:A3>1)*B1:B3)", false)).toBe("SUMPRODUCT of a condition");
    expect(suspectConstruct("SUM(IF(A1:A3>1,B1:B3))", true)).toBe("SUM(IF(...)) as an array formula");
    expect(suspectConstruct("SUM(A1:A3*B1:B3)", false)).toBe("arithmetic on ranges inside SUM");
    expect(suspectConstruct("SUMPRODUCT(A:A,D:D)", false)).toBe("a whole-column reference");
    expect(suspectConstruct("A:A&\"/\"&B:B", false)).toBe("a whole-column reference");
    expect(suspectConstruct("NPV(0.1,A1:A5)", false)).toBe("NPV");
  });

  test("numbers agree to 15 significant digits", () => {
    expect(agree15(782.0700000000001, 782.07000000000005)).toBe(true);
    expect(agree15(0.1 + 0.2, 0.3)).toBe(true);
    expect(agree15(1.00000000000001, 1)).toBe(true); // one unit of the 15th digit
    expect(agree15(1.00000000000003, 1)).toBe(false);
    expect(agree15(0, 1e-300)).toBe(false);
  });
});
