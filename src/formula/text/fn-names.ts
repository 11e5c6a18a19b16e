/** Function names as Excel means them: SVC functions in either spelling (src/api/svc-name.ts), file-form markers dropped. */
export { svcCallTokensIn, svcName } from "../../api/svc-name";

/** A function name as Excel means it: upper case, without the file form's `_xlfn.` / `_xlws.` markers. */
export function plainFunctionName(name: string): string {
  return name.replace(/^(_xlfn\.|_xlws\.)+/i, "").toUpperCase();
}
