/**
 * Typed values at the host boundary: Excel data types where the host has them (checked at run
 * time, CustomFunctionsRuntime 1.4), their plain values elsewhere (older Excel). The CLI keeps the
 * formatted numbers (its tables show what Excel shows; `--json` writes the plain values) but not the
 * entity card, whose fields a terminal shows as rows.
 */
import type { CellHost } from "./cell-host";
import { isTypedValue, plainValue } from "../shape";

/** true: data types on; false: plain values; "numbers": formatted numbers, no entity cards (the CLI). */
export type DataTypesMode = boolean | "numbers";

/** What a cell needs to know of its runtime to type its values. */
interface TypingRuntime {
  host: CellHost;
  /** Forced on, off or numbers-only (tests, the CLI); null = ask the host. */
  dataTypes: DataTypesMode | null;
}

/** Typed numbers (dates, percents, money formats) reach the host. */
export function dataTypesOn(rt: TypingRuntime): boolean {
  return rt.dataTypes === null ? rt.host.hasDataTypes() : rt.dataTypes !== false;
}

/** SVC.COMPANY without a field is an entity card (else field/value rows). */
export function entityCardsOn(rt: TypingRuntime): boolean {
  return rt.dataTypes === null ? rt.host.hasDataTypes() : rt.dataTypes === true;
}

/** One shaped cell as the host gets it (`typed`: dataTypesOn(), asked once per grid). */
export function toHostCell(c: unknown, typed: boolean): unknown {
  return !typed && isTypedValue(c) ? plainValue(c) : c;
}
