/** Independent reading of a sheet part's <c> elements by address (regular expressions, not src/model-file). */
export function cellXmlByAddress(sheetXml: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of sheetXml.matchAll(/<c r="([A-Z]+\d+)"(?:[^>"]|"[^"]*")*?(?:\/>|>[\s\S]*?<\/c>)/g)) out.set(m[1], m[0]);
  return out;
}

/** Addresses whose <c> element differs (added, removed or changed). */
export function changedCells(before: string, after: string): string[] {
  const a = cellXmlByAddress(before);
  const b = cellXmlByAddress(after);
  const keys = new Set([...a.keys(), ...b.keys()]);
  return [...keys].filter((k) => a.get(k) !== b.get(k)).sort(byAddress);
}

function byAddress(x: string, y: string): number {
  const p = (s: string) => {
    const m = /^([A-Z]+)(\d+)$/.exec(s) as RegExpExecArray;
    return [Number(m[2]), m[1].length, m[1]] as const;
  };
  const [r1, l1, c1] = p(x);
  const [r2, l2, c2] = p(y);
  return r1 - r2 || l1 - l2 || (c1 < c2 ? -1 : c1 > c2 ? 1 : 0);
}
