/**
 * The real models' values (real-models.ts) held to a second engine: LibreOffice recalculates the
 * workbook with the SVC results as stored and as refreshed, and gives every formula the value worked
 * out beside it, to 15 significant digits (IRR to LibreOffice's own iteration, 1e-9 relative).
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { readModel, refreshModel } from "../../src/model-file";
import { agree15 } from "../../src/model-file/model/verify-values";
import { strFromU8, strToU8 } from "fflate";
import { unzipAll, zipParts } from "./fixtures";
import { recalculated } from "./libreoffice";
import { modelCaller, modelValues, modelWorkbook } from "./real-models";

test("LibreOffice computes every formula of the models as worked out, before and after the refresh", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-models-lo-"));
  const fixture = modelWorkbook();
  const refreshed = await refreshModel(readModel(fixture), { call: modelCaller() });
  // a stored value made wrong: LibreOffice must give the computed one (it recalculates, not trusts)
  const parts = unzipAll(fixture);
  const dcf = strFromU8(parts.get("xl/worksheets/sheet2.xml") as Uint8Array);
  const tampered = dcf.replace(/(<c r="B19"[^>]*><f>[^<]*<\/f><v>)[^<]*/, "$10");
  expect(tampered).not.toBe(dcf);
  parts.set("xl/worksheets/sheet2.xml", strToU8(tampered));
  const lo = recalculated(dir, { before: fixture, after: refreshed.bytes, tampered: zipParts(parts) });
  expect(agree15(lo.tampered.DCF.B19 as number, modelValues("before").get("DCF!B19") as number)).toBe(true);
  for (const when of ["before", "after"] as const) {
    for (const [address, want] of modelValues(when)) {
      const [sheet, cell] = address.split("!");
      const got = lo[when][sheet]?.[cell];
      const close = typeof got === "number" && (address === "LBO!B26" ? Math.abs(got - want) <= 1e-9 * Math.abs(want) : agree15(got, want));
      expect({ when, address, got, want, close }).toEqual({ when, address, got, want: want, close: true });
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
}, 300_000);
