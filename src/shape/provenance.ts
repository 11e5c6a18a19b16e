/**
 * The source of a get_financials value (include_provenance=true). The spec says each value carries
 * "the XBRL concept or formula, and the filing accession" without showing the shape, so this reader
 * accepts the plausible ones and never fails on others:
 *   metrics[].provenance[i] | metrics[].sources[i] | metrics[].source[i]   (arrays aligned with values)
 *   metrics[].provenance (one object for every value)
 *   metrics[].values[i] = { value, concept | formula, accession ... }
 *   data.provenance[key][i]  or  data.provenance = [{ metric|key, period|index, ... }]
 * and, per element, concept|xbrl_concept|tag, formula|derivation|expression, accession|accession_number|accn
 * (possibly under `filing`), url|filing_url|sec_url, form|form_type; a bare string is a concept (has ":") or a formula.
 */
import { asArray, asRecord, str } from "./grid";

export interface Provenance {
  concept: string | null;
  formula: string | null;
  accession: string | null;
  /** The form of that filing ("10-K", "10-K/A") when the answer says: an amendment restated the value. */
  form?: string | null;
  url: string | null;
}

const first = (o: Record<string, unknown>, names: string[]): string | null => {
  for (const n of names) if (typeof o[n] === "string" && (o[n] as string).trim() !== "") return (o[n] as string).trim();
  return null;
};

function readElement(el: unknown): Provenance | null {
  if (typeof el === "string" && el.trim()) {
    const t = el.trim();
    return t.includes(":") && !/\s/.test(t) ? { concept: t, formula: null, accession: null, url: null } : { concept: null, formula: t, accession: null, url: null };
  }
  const o = asRecord(el);
  if (!Object.keys(o).length) return null;
  const filing = asRecord(o.filing);
  const p: Provenance = {
    concept: first(o, ["concept", "xbrl_concept", "tag", "xbrl_tag"]),
    formula: first(o, ["formula", "derivation", "expression", "computed_as"]),
    accession: first(o, ["accession", "accession_number", "accn"]) ?? first(filing, ["accession", "accession_number", "accn"]),
    url: first(o, ["url", "filing_url", "sec_url", "source_url"]) ?? first(filing, ["url", "sec_url"]),
  };
  const form = first(o, ["form", "form_type"]) ?? first(filing, ["form", "form_type"]);
  if (form) p.form = form;
  const fromSource = !p.concept && !p.formula && typeof o.source === "string" ? readElement(o.source) : null;
  if (fromSource) return { ...fromSource, accession: p.accession, url: p.url, ...(form ? { form } : {}) };
  return p.concept || p.formula || p.accession || p.url ? p : null;
}

/** The provenance of value `i` of metric `m` in `data`, or null when the answer has none. */
export function provenanceAt(data: Record<string, unknown>, m: Record<string, unknown>, i: number): Provenance | null {
  for (const name of ["provenance", "sources", "source"]) {
    const v = m[name];
    if (Array.isArray(v)) {
      const hit = readElement(v[i]);
      if (hit) return hit;
    } else if (v && typeof v === "object") {
      const hit = readElement(v);
      if (hit) return hit;
    }
  }
  const value = asArray(m.values)[i];
  if (value && typeof value === "object") {
    const hit = readElement(value);
    if (hit) return hit;
  }
  const top = data.provenance;
  const key = str(m.key);
  if (Array.isArray(top)) {
    const periods = asArray(data.periods).map(str);
    const el = top.find((e) => {
      const r = asRecord(e);
      return str(r.metric ?? r.key) === key && (r.index === i || (periods[i] !== undefined && str(r.period) === periods[i]));
    });
    return el ? readElement(el) : null;
  }
  const byKey = asRecord(top)[key];
  if (Array.isArray(byKey)) return readElement(byKey[i]);
  return null;
}

/** The SEC archive folder of a filing, from the filer's CIK and the accession number. */
export function filingUrl(cik: unknown, accession: string): string | null {
  const c = typeof cik === "number" ? String(cik) : typeof cik === "string" && /^\d+$/.test(cik.trim()) ? String(Number(cik)) : null;
  const acc = accession.replace(/-/g, "");
  if (!c || !/^\d{18}$/.test(acc)) return null;
  return `https://www.sec.gov/Archives/edgar/data/${c}/${acc}/`;
}
