/** Which Excel API sets the host has (Office.context.requirements); false outside Office. */
export function hasExcelApi(version: string): boolean {
  const office = (globalThis as { Office?: { context?: { requirements?: { isSetSupported?(name: string, version?: string): boolean } } } }).Office;
  try {
    return office?.context?.requirements?.isSetSupported?.("ExcelApi", version) === true;
  } catch {
    return false; // Office not ready yet, or a host without the requirements API
  }
}
