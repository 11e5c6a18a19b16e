/** Conformance gate, IronCalc's corpus (ironcalc/): see gate.ts. A suite of its own so jest runs both halves side by side. */
import { conformanceGate } from "./gate";

jest.setTimeout(120_000);
conformanceGate("conformance: ironcalc/ (IronCalc's test workbooks)", (f) => f.group === "ironcalc");
