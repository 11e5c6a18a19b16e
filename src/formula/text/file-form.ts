/**
 * SVC calls as files store them. In an .xlsx an add-in function is written `_xldudf_SVC_FINANCIALS(`
 * (the namespace's dot becomes `_`); a workbook opened where the add-in is missing comes back with
 * a book prefix (`[1]!_xldudf_SVC_X(`, `'[1]'!SVC.X(`, `'C:\path\[svc.xlam]'!SVC.X(`). Text inside
 * quoted strings is never touched.
 */

const STRING = String.raw`"(?:[^"]|"")*"`;

/** Replace matches of `pattern` outside string literals. */
function outsideStrings(text: string, pattern: string, replace: (m: (string | undefined)[]) => string): { text: string; changed: boolean } {
  const re = new RegExp(`${STRING}|${pattern}`, "gi");
  let changed = false;
  const out = text.replace(re, (...args: unknown[]) => {
    const whole = String(args[0]);
    if (whole.startsWith('"')) return whole;
    // args: the match, the groups, then offset and the whole text
    const r = replace(args.slice(0, -2) as (string | undefined)[]);
    if (r !== whole) changed = true;
    return r;
  });
  return { text: out, changed };
}

/** `SVC.X(` -> `_xldudf_SVC_X(`, case kept as written (`svc.x(` -> `_xldudf_svc_x(`). */
export function toFileForm(text: string): string {
  return outsideStrings(text, String.raw`(?<![\w.])(SVC)\.([A-Za-z][A-Za-z0-9_]*)(?=\s*\()`, (m) => `_xldudf_${m[1]}_${m[2]}`).text;
}

/** `_xldudf_SVC_X(` -> `SVC.X(`, case kept as written. */
export function fromFileForm(text: string): string {
  return outsideStrings(text, String.raw`(?<![\w.])_xldudf_(SVC)_([A-Za-z][A-Za-z0-9_]*)(?=\s*\()`, (m) => `${m[1]}.${m[2]}`).text;
}

const SVC_CALL = String.raw`(?=(?:SVC\.|_xldudf_SVC_)[A-Za-z][A-Za-z0-9_]*\s*\()`;
/** A quoted prefix ('[1]'!, 'C:\p\[svc.xlam]'!, 'C:\p\svc.xlam'!) or an unquoted book prefix ([1]!, [svc.xlam]!). */
const BOOK_PREFIX = String.raw`(?<![\w.'\]])(?:'((?:[^']|'')*)'|(\[[^\]'!\s]+\][A-Za-z0-9_.]*))!${SVC_CALL}`;

const isBook = (body: string) => /\[[^\]]*\]/.test(body) || /[\\/]/.test(body) || /\.xl[a-z]{1,2}$/i.test(body);

/**
 * Turn SVC calls that carry an external-book prefix back into the add-in's calls: the prefix goes,
 * the function name stays as written (apply toFileForm or fromFileForm for the form you store).
 * Other external references are left alone.
 */
export function stripAddinBookPrefix(text: string): { text: string; changed: boolean } {
  return outsideStrings(text, BOOK_PREFIX, (m) => {
    const body = m[1] !== undefined ? m[1].replace(/''/g, "'") : m[2] ?? "";
    return isBook(body) ? "" : m[0] ?? "";
  });
}
