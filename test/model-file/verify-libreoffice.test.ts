/**
 * Nothing wrong is written: the self-verification model (verify-model.ts), refreshed, then
 * recalculated by LibreOffice (an engine that is not ours). Every dependent the refresh wrote equals
 * LibreOffice's value; every other dependent is listed stale with a reason and keeps its stored value.
 * The fixture's stored values are checked against LibreOffice too (they must be what Excel stores).
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { readModel, refreshModel } from "../../src/model-file";
import { agree15 } from "../../src/model-file/model/verify-values";
import { buildFixture } from "./fixtures";
import { recalculated, SheetValues, storedValues } from "./libreoffice";
import { DEPENDENTS, revenueCaller } from "./verify-model";

let dir: string;
let fixture: Uint8Array;
let refreshed: Awaited<ReturnType<typeof refreshModel>>;
let lo: Record<string, SheetValues>;
let written: SheetValues;
let stored: SheetValues;

const same = (a: unknown, b: unknown) => (typeof a === "number" && typeof b === "number" ? agree15(a, b) : a === b);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-verify-lo-"));
  fixture = buildFixture("verify");
  refreshed = await refreshModel(readModel(fixture), { call: revenueCaller().call });
  lo = recalculated(dir, { fixture, refreshed: refreshed.bytes });
  fs.writeFileSync(path.join(dir, "written.xlsx"), refreshed.bytes);
  written = storedValues(path.join(dir, "written.xlsx"));
  stored = storedValues(path.join(dir, "fixture.xlsx"));
}, 300_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("refresh writes no dependent LibreOffice disagrees with", () => {
  test("the fixture stores what a spreadsheet computes from its inputs (B11 has no stored value)", () => {
    for (const cell of Object.keys(DEPENDENTS)) {
      const want = cell === "B11" ? undefined : lo.fixture.Summary[cell];
      expect({ cell, stored: stored.Summary[cell] }).toEqual({ cell, stored: want });
    }
  });

  test("every dependent not listed stale equals LibreOffice's recalculation; the stale ones have a reason and keep their stored values", () => {
    const recomputed = new Set(refreshed.report.recomputed.map((c) => c.cell));
    const stale = new Map(refreshed.report.stale.map((s) => [s.cell, s.reason]));
    for (const cell of Object.keys(DEPENDENTS)) {
      if (!stale.has(cell)) expect({ cell, ok: same(written.Summary[cell], lo.refreshed.Summary[cell]) }).toEqual({ cell, ok: true });
      else {
        expect({ cell, reason: stale.get(cell) }).toEqual({ cell, reason: expect.any(String) });
        expect({ cell, kept: written.Summary[cell] }).toEqual({ cell, kept: stored.Summary[cell] });
      }
    }
    expect(recomputed.size).toBeGreaterThan(0);
    expect(stale.get("B7")).toBe('CELL("protect") needs cell formats, which the engine does not read');
  });
});
