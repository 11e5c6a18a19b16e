/** Function names as Excel means them, file-form markers dropped (SVC names live in src/api/svc-name.ts). */

/** A function name as Excel means it: upper case, without the file form's `_xlfn.` / `_xlws.` markers. */
export function plainFunctionName(name: string): string {
  return name.replace(/^(_xlfn\.|_xlws\.)+/i, "").toUpperCase();
}
