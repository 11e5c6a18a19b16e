/**
 * Whether the host renders Excel data types returned by custom functions (formatted numbers,
 * entity cards): CustomFunctionsRuntime 1.5, asked of Office at run time. False outside Office.
 */
export function hostHasDataTypes(): boolean {
  const office = (globalThis as { Office?: { context?: { requirements?: { isSetSupported?(name: string, version?: string): boolean } } } }).Office;
  try {
    return office?.context?.requirements?.isSetSupported?.("CustomFunctionsRuntime", "1.5") === true;
  } catch {
    return false; // Office not ready yet, or a host without the requirements API: plain values
  }
}
