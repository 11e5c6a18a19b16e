/**
 * Typed values at the host boundary: Excel data types where the host has them (checked at run
 * time, CustomFunctionsRuntime 1.5), their plain values elsewhere (older Excel, the CLI).
 */
import { hostHasDataTypes } from "../office/data-types";
import { isTypedValue, plainValue } from "../shape/values";

let forced: boolean | null = null;

/** Force data types on or off (tests, the CLI's --typed output); null = ask the host. */
export function useDataTypes(on: boolean | null): void {
  forced = on;
}

export function dataTypesOn(): boolean {
  return forced ?? hostHasDataTypes();
}

/** One shaped cell as the host gets it (`typed`: dataTypesOn(), asked once per grid). */
export function toHostCell(c: unknown, typed: boolean): unknown {
  return !typed && isTypedValue(c) ? plainValue(c) : c;
}
