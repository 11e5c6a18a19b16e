/**
 * @jest-environment jsdom
 *
 * Typed values as the hosts that are not Excel render them (the workbench sheet and its entity
 * card, the pane's tables): as Excel would display them, untrusted text as text.
 */
import { companyCard } from "../../src/shape/company-card";
import { displayText, formatNumber } from "../../src/shape/display";
import { parseOptions } from "../../src/functions/options";
import { formatted } from "../../src/shape/values";
import { cardElement, paintTyped, wireEntityCards } from "../../src/workbench/typed-cell";

/** What a cell gets without an options argument. */
const DEFAULT_SHAPE = parseOptions(null, "COMPANY");

describe("typed values in the workbench", () => {
  it("paints formatted numbers as Excel shows them, plain values not at all", () => {
    expect(paintTyped(formatted(45597, "date"))).toEqual({ text: "2024-11-01", cls: ["num"] });
    expect(paintTyped(formatted(45293.4375, "timestamp"))?.text).toBe("2024-01-02 10:30");
    expect(paintTyped(formatted(0.1481, "fraction"))?.text).toBe("14.81%");
    expect(paintTyped(formatted(391035, "usd_m"))?.text).toBe("391,035.0");
    expect(paintTyped(formatted(-1234567, "usd"))?.text).toBe("-1,234,567");
    expect(paintTyped(42)).toBeNull();
    expect(paintTyped("text")).toBeNull();
  });

  it("shows Excel's 1900-02-29 for serial 60, as Excel does", () => {
    expect(formatNumber(60, "yyyy-mm-dd")).toBe("1900-02-29");
    expect(formatNumber(61, "yyyy-mm-dd")).toBe("1900-03-01");
  });

  const card = companyCard(
    { ticker: "AAPL", name: "Apple Inc.", cik: 320193, founded_date: "1977-01-03", business_summary: "<img src=x onerror=alert(1)>" },
    "https://example.test/company/AAPL",
    DEFAULT_SHAPE
  );

  it("builds the COMPANY card with dot-access properties, the check link and the provider", () => {
    expect(card.text).toBe("Apple Inc. (AAPL)");
    expect(card.properties.ticker).toEqual({ type: "String", basicValue: "AAPL" });
    expect(card.properties.founded_date).toEqual({ type: "Double", basicValue: 28128, numberFormat: "yyyy-mm-dd" });
    expect(card.properties.check_link).toEqual({ type: "String", basicValue: "https://example.test/company/AAPL" });
    expect(card.provider).toEqual({ description: expect.stringMatching(/SVC/), logoTargetAddress: "https://example.test/company/AAPL" });
    expect(card.layouts?.card?.title).toEqual({ property: "name" });
    expect(displayText(card)).toBe("Apple Inc. (AAPL)");
  });

  it("renders the card with untrusted text as text and only http(s) links", () => {
    const el = cardElement(card);
    expect(el.querySelector("img")).toBeNull();
    expect(el.textContent).toContain("<img src=x onerror=alert(1)>");
    expect(el.textContent).toContain("founded_date: 1977-01-03");
    const links = [...el.querySelectorAll("a")].map((a) => a.getAttribute("href"));
    expect(links).toEqual(["https://example.test/company/AAPL", "https://example.test/company/AAPL"]);
    const evil = cardElement({ ...card, properties: { ...card.properties, check_link: { type: "String", basicValue: "javascript:alert(1)" } } });
    expect([...evil.querySelectorAll("a")].map((a) => a.getAttribute("href"))).not.toContain("javascript:alert(1)");
  });

  it("opens the card over an entity cell", () => {
    document.body.innerHTML = `<table id="s"><tr><td id="cell-B2" class="entity"></td></tr></table>`;
    const td = document.getElementById("cell-B2")!;
    const painted = paintTyped(card)!;
    td.textContent = painted.text;
    wireEntityCards(document.getElementById("s")!, (id) => (id === td.id ? painted.entity : undefined));
    td.dispatchEvent(new MouseEvent("mousemove", { bubbles: true }));
    expect(document.querySelector(".svc-card")?.textContent).toContain("cik: 320193");
  });
});
