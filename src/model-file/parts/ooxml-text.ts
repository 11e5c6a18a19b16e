/**
 * Text as SpreadsheetML stores it: characters XML 1.0 cannot hold are written `_xHHHH_`, and a
 * literal `_xHHHH_` in the text is protected as `_x005F_xHHHH_` (ECMA-376 Part 1, 22.9.2.19 ST_Xstring).
 */

/** Decode `_xHHHH_` escapes (after XML unescaping). */
export function decodeXstring(s: string): string {
  if (s.indexOf("_x") < 0) return s;
  return s.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

// Controls XML 1.0 forbids (tab, line feed and carriage return are allowed), and lone surrogates.
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text with every character XML 1.0 cannot hold written `_xHHHH_` (what any XML writer here must do with outside text). */
export function xmlCharsOnly(s: string): string {
  return s.replace(FORBIDDEN, (ch) => `_x${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}_`);
}

/** Encode text for a cell value (before XML escaping). */
export function encodeXstring(s: string): string {
  return xmlCharsOnly(s.replace(/_x([0-9A-Fa-f]{4})_/g, "_x005F_x$1_"));
}
