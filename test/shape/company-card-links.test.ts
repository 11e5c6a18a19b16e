/**
 * The company card's links go through the one URL filter: Excel opens the
 * provider's logoTargetAddress and shows check_link, so an API answer's `javascript:`, `data:` or
 * `file:` link must never reach either; an http(s) link does.
 */
import { companyCard } from "../../src/shape/company-card";
import { parseOptions } from "../../src/functions/options";
import { BAD_URLS, GOOD_URL } from "../fakes/api/hostile";

/** What a cell gets without an options argument. */
const DEFAULT_SHAPE = parseOptions(null, "COMPANY");

const data = { ticker: "AAPL", name: "Apple Inc." };

describe("the COMPANY card's links", () => {
  it.each(BAD_URLS)("drops %j from check_link and the provider's link", (bad) => {
    const card = companyCard(data, bad, DEFAULT_SHAPE);
    expect(card.properties.check_link).toBeUndefined();
    expect(card.provider).toEqual({ description: expect.any(String) });
    expect(JSON.stringify(card)).not.toContain(bad.trim());
  });

  it("keeps an https link (canonical form)", () => {
    const card = companyCard(data, GOOD_URL, DEFAULT_SHAPE);
    expect(card.properties.check_link).toEqual({ type: "String", basicValue: GOOD_URL });
    expect(card.provider?.logoTargetAddress).toBe(GOOD_URL);
  });
});
