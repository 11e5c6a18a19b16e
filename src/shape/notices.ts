/**
 * The notices an answer carries that the API says must be shown: attribution (headlines, short
 * interest), the economy disclaimer and citations, AI caveats and low confidence. Cells list them in
 * `Notice:` rows and the pane lists them for every result on the sheet.
 */
import type { ToolName } from "../api";
import { asArray, asRecord, str } from "./grid";

function citationText(c: unknown): string {
  if (typeof c === "string") return c;
  const o = asRecord(c);
  // Element shape is "not shown" in the spec: take the most telling text member we find.
  return str(o.text ?? o.citation ?? o.name ?? o.title ?? Object.values(o).filter((v) => typeof v === "string").join(" — "));
}

function attributionText(a: unknown, lead: string): string {
  const o = asRecord(a);
  const name = str(o.name ?? o.source);
  const url = str(o.url);
  const notice = str(o.notice);
  const who = [name, url && `(${url})`].filter(Boolean).join(" ");
  return [notice, who && `${lead} ${who}`].filter(Boolean).join(" ").trim();
}

export function noticesOf(tool: ToolName, data: Record<string, unknown>): string[] {
  const out: string[] = [];
  switch (tool) {
    case "get_headlines": {
      const a = attributionText(data.attribution, "Headlines from");
      if (a) out.push(a);
      break;
    }
    case "get_short_interest": {
      const a = attributionText(data.attribution, "Source:");
      if (a) out.push(a);
      break;
    }
    case "get_economy": {
      if (str(data.notice)) out.push(str(data.notice));
      if (str(data.citation)) out.push(str(data.citation));
      for (const c of asArray(data.citations)) {
        const t = citationText(c);
        if (t) out.push(t);
      }
      break;
    }
    case "get_filing_summary": {
      out.push(str(data.notice) || "AI-generated summary: check findings against the filing.");
      break;
    }
    case "get_leadership": {
      // One AI notice per answer: the API's own caveat when it gives one, else ours; low confidence added to it.
      const low =
        str(data.confidence) === "low" || asArray(data.founders).some((f) => str(asRecord(f).confidence) === "low");
      const own = str(data.notice) || str(data.caveat) || "Founder and control fields are read from filings by an AI model.";
      const lowText = "Low confidence: some founder and control fields may be inaccurate.";
      out.push(low && !/low confidence/i.test(own) ? `${own} ${lowText}` : own);
      break;
    }
    case "get_investor": {
      if (asArray(data.candidates).length && !asArray(data.holdings).length && !asArray(data.changes).length)
        out.push("Ambiguous investor name: pass a CIK from this list as the query.");
      break;
    }
    case "screen_companies": {
      const n = Number(data.excluded_not_sec_derived);
      if (Number.isFinite(n) && n > 0) out.push(`${n} matching listings excluded: a requested figure is not derived from filings for them.`);
      break;
    }
    default:
      break;
  }
  // Any other caveat the API adds in future (tolerate new fields): a top-level `notice` or `caveat`.
  const own = tool === "get_economy" || tool === "get_filing_summary" || tool === "get_leadership";
  if (!own) for (const k of ["caveat", "notice"]) if (str(data[k]) && !out.includes(str(data[k]))) out.push(str(data[k]));
  return out;
}
