/** Sample headlines per company. Deterministic (seeded). */
import { AS_OF, d } from "./calendar";
import { Company } from "./companies";
import { Rng } from "./rng";
import { memo } from "./memo";

// ----- headlines -----

export const HEADLINE_ATTRIBUTION = { name: "Sandbox News Index (sample headlines)", url: "https://news-index.example/" };
const OUTLETS = ["marketwire.example", "dailyledger.example", "streetnotes.example", "capitalpost.example", "techbeat.example"];
const HEADLINE_TEMPLATES = [
  "{name} reports quarterly results ahead of estimates",
  "{name} names new board member",
  "Analysts weigh {short}'s outlook after earnings",
  "{short} expands partnership in Asia",
  "{short} shares active as sector rotates",
  "{name} faces regulatory questions over disclosures",
  "What {short}'s latest filing says about margins",
  "{short} to present at industry conference",
  "{name} raises dividend",
  "{short} supplier signals stronger demand",
];

export interface Headline {
  title: string;
  url: string;
  source: string;
  published: string;
}

export const headlinesOf = memo((c: Company): Headline[] => {
  if (!c.hasHeadlines) return [];
  const rng = new Rng(`headlines:${c.ticker}`);
  const short = c.name.replace(/,? (Inc|Corp|Corporation|Co|Company|Group|Holdings|plc)\.?$/i, "").replace(/^The /, "");
  const out: Headline[] = [];
  let t = d(AS_OF).getTime() - 3 * 3600_000;
  for (let i = 0; i < 25; i++) {
    t -= rng.int(2, 60) * 3600_000 + rng.int(0, 59) * 60_000;
    const title = i === 6 && c.ticker === "AAPL" ? "Apple orchards report record harvest in Washington state" : rng.pick(HEADLINE_TEMPLATES).replace("{name}", c.name).replace("{short}", short);
    const source = rng.pick(OUTLETS);
    const published = new Date(t).toISOString().replace(/\.\d{3}Z$/, "+00:00");
    const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
    out.push({ title, url: `https://${source}/${published.slice(0, 10).replace(/-/g, "/")}/${slug}`, source, published });
  }
  return out;
});
