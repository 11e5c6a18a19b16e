/**
 * Structured references (Excel Tables) as text: the bracketed part after a table's name
 * (`[Amount]`, `[[#This Row],[Qty]]`, `[@[Unit price]]`, `[[Jan]:[Mar]]`, `[#Totals]`) read into
 * the rows and columns it names. Inside a column name `'` escapes the next character (`[`, `]`, `#`,
 * `'`), as Excel writes `calc='#*'#` for the column "calc=#*#".
 */
import type { TableItem, TableSpec } from "./ast";
import { FormulaSyntaxError, syntaxError, type Token } from "./tokens";

const ITEMS: Record<string, TableItem> = { "#ALL": "#All", "#DATA": "#Data", "#HEADERS": "#Headers", "#TOTALS": "#Totals", "#THIS ROW": "#This Row" };

const unescape = (s: string) => s.replace(/'(.)/g, "$1");

/** One `[...]` item at `i` of `s`: its text (escapes kept) and where it ends. */
function item(s: string, i: number, fail: (what: string) => FormulaSyntaxError): { text: string; end: number } {
  if (s[i] !== "[") throw fail('expected "["');
  for (let j = i + 1; j < s.length; j++) {
    if (s[j] === "'") j++;
    else if (s[j] === "]") return { text: s.slice(i + 1, j), end: j + 1 };
  }
  throw fail('expected "]"');
}

const skipSpaces = (s: string, i: number) => {
  while (s[i] === " ") i++;
  return i;
};

function special(text: string, fail: (what: string) => FormulaSyntaxError): TableItem {
  const found = ITEMS[text.trim().replace(/\s+/g, " ").toUpperCase()];
  if (!found) throw fail(`unknown table item "${text}"`);
  return found;
}

/** `[#Headers],[#Data],[Col]` or `[Col1]:[Col2]`: the items and the column range. */
function itemList(s: string, spec: TableSpec, fail: (what: string) => FormulaSyntaxError): TableSpec {
  let i = skipSpaces(s, 0);
  while (i < s.length) {
    const a = item(s, i, fail);
    i = skipSpaces(s, a.end);
    if (a.text.startsWith("#")) spec.items.push(special(a.text, fail));
    else {
      spec.first = unescape(a.text);
      spec.last = spec.first;
      if (s[i] === ":") {
        const b = item(s, skipSpaces(s, i + 1), fail);
        spec.last = unescape(b.text);
        i = skipSpaces(s, b.end);
      }
    }
    if (i >= s.length) break;
    if (s[i] !== ",") throw fail('expected "," between table items');
    i = skipSpaces(s, i + 1);
  }
  return spec;
}

/** The rows and columns a structured reference names, from its bracketed part (as `readBrackets` gave it). */
export function parseTableSpec(token: Token, formula: string): TableSpec {
  const fail = (what: string) => syntaxError(formula, token.start, `${what} in the table reference ${token.text}`);
  const inner = token.text.slice(1, -1);
  const s = inner.trim();
  const spec: TableSpec = { items: [], first: null, last: null };
  if (s.startsWith("@")) {
    spec.items.push("#This Row");
    const rest = s.slice(1).trim();
    if (rest.startsWith("[")) return itemList(rest, spec, fail);
    if (rest) spec.first = spec.last = unescape(rest);
    return spec;
  }
  if (s.startsWith("[")) return itemList(s, spec, fail);
  if (s.startsWith("#")) return { ...spec, items: [special(s, fail)] };
  if (s) spec.first = spec.last = unescape(inner);
  return spec;
}
