/**
 * Typed values at the host boundary: Excel data types where the host has them (checked at run
 * time, CustomFunctionsRuntime 1.4), their plain values elsewhere (older Excel). The CLI keeps the
 * formatted numbers (its tables show what Excel shows; `--json` writes the plain values) but not the
 * entity card, whose fields a terminal shows as rows.
 */
import { hostHasDataTypes } from "./cell-host";
import { isTypedValue, plainValue } from "../shape/values";

/** true: data types on; false: plain values; "numbers": formatted numbers, no entity cards (the CLI). */
export type DataTypesMode = boolean | "numbers";

let forced: DataTypesMode | null = null;

/** Force data types on, off or numbers-only (tests, the CLI); null = ask the host. */
export function useDataTypes(on: DataTypesMode | null): void {
  forced = on;
}

/** Run `body` with data types forced to `mode`, then put back what was there. */
export async function withDataTypes<T>(mode: DataTypesMode | null, body: () => Promise<T>): Promise<T> {
  const before = forced;
  forced = mode;
  try {
    return await body();
  } finally {
    forced = before;
  }
}

/** Typed numbers (dates, percents, money formats) reach the host. */
export function dataTypesOn(): boolean {
  return forced === null ? hostHasDataTypes() : forced !== false;
}

/** SVC.COMPANY without a field is an entity card (else field/value rows). */
export function entityCardsOn(): boolean {
  return forced === null ? hostHasDataTypes() : forced === true;
}

/** One shaped cell as the host gets it (`typed`: dataTypesOn(), asked once per grid). */
export function toHostCell(c: unknown, typed: boolean): unknown {
  return !typed && isTypedValue(c) ? plainValue(c) : c;
}
