/** Conformance gate, the other Excel-saved workbooks (test data of other spreadsheet projects): see gate.ts. */
import { conformanceGate } from "./gate";

jest.setTimeout(120_000);
conformanceGate("conformance: public test workbooks", (f) => f.group === "other");
