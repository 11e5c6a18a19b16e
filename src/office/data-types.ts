/**
 * Whether the host renders Excel data types returned by custom functions (formatted numbers,
 * entity cards): CustomFunctionsRuntime 1.4 (Windows 2208, Mac 16.64, Excel 2021), asked of Office at
 * run time; 1.5 adds only linked entities and value preview, which nothing here needs gated. False outside Office.
 */
export function hostHasDataTypes(): boolean {
  const office = (globalThis as { Office?: { context?: { requirements?: { isSetSupported?(name: string, version?: string): boolean } } } }).Office;
  try {
    return office?.context?.requirements?.isSetSupported?.("CustomFunctionsRuntime", "1.4") === true;
  } catch {
    return false; // Office not ready yet, or a host without the requirements API: plain values
  }
}
