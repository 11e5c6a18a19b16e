/**
 * Data tab, "Results in this workbook": every SVC result (src/functions/sources.ts) with its address,
 * function, tool, age, fresh/stale, error and what refreshing it alone would cost; its notices (URLs in
 * them become links) and its check link, each link named by what it cites. Clicking an address
 * selects the cell. "Show source" explains the selected cell (FINANCIALS: concept or formula,
 * accession, filing link).
 */
import { parseFormula } from "../../formula";
import { parseRange } from "../../formula";
import { safeExternalUrl } from "../../office";
import { StatusLine, append, button, clear, el } from "./dom";
import { externalLink } from "./common";
import { failureText } from "./failure";
import { planRefresh, requestsOfCell, volatileText } from "../../plan";
import { planDepsFor } from "./refresh/deps";
import { PaneContext, SourceView, WorkbookPort } from "./types";
import type { ValueSource as ValueSourceView } from "../../functions";
import { groupedResults, revealRow } from "./result-groups";

const MAX_ROWS = 200;

/** "just now", "4 min ago", "3 h ago", "2 days ago". */
export function ageText(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return "";
  const min = Math.floor(ms / 60_000);
  if (min < 1) return "just now";
  if (min < 60) return `${min} min ago`;
  const h = Math.floor(min / 60);
  if (h < 48) return `${h} h ago`;
  return `${Math.floor(h / 24)} days ago`;
}

/** A link's name from what it cites: host and path, without the scheme ("sec.gov/Archives/…/0001"). */
export function citeName(url: string): string {
  try {
    const u = new URL(url);
    const path = u.pathname.replace(/\/+$/, "");
    const short = path.length > 40 ? `${path.slice(0, 18)}…${path.slice(-18)}` : path;
    return `${u.hostname.replace(/^www\./, "")}${short}`;
  } catch {
    return url;
  }
}

/** Notice text with its http(s) URLs as links named by what they cite. */
export function noticeNode(ctx: PaneContext, text: string): HTMLElement {
  const p = el("p", "svc-notice");
  const parts = text.split(/(https?:\/\/[^\s)<>"]+)/g);
  for (const part of parts) {
    if (/^https?:\/\//.test(part) && safeExternalUrl(part)) p.appendChild(externalLink(ctx, citeName(part), part));
    else if (part) p.appendChild(document.createTextNode(part));
  }
  return p;
}

function badge(text: string, color: string): HTMLElement {
  const b = el("fluent-badge" as "span", { className: `svc-badge svc-badge-${color}`, text, attrs: { color, appearance: "tint", size: "small" } });
  return b;
}

/** What a result is about (the ticker of most SVC functions), for naming links: its first argument as last received, else as written. */
function subjectOf(s: SourceView, formula: string | undefined): string {
  const received = s.args?.[0];
  if (typeof received === "string") return received.toUpperCase();
  if (!formula) return "";
  try {
    const a = parseFormula(formula).args[0];
    return typeof a === "string" ? a.toUpperCase() : "";
  } catch {
    return "";
  }
}

export interface DataView {
  node: HTMLElement;
  /** Re-read the workbook's formulas and prices (after a refresh or freeze). */
  reload(): void;
}

/** What the list knows of a row beyond its source: refresh cost, formula, volatile functions, why it has no price. */
interface RowInfo {
  now: number;
  cost?: number;
  formula?: string;
  volatile?: string[];
  note?: string;
  status: StatusLine;
}

/** One result's row: its address (selects the cell), function, tool, state, age, cost, notices and check link. */
function resultRow(ctx: PaneContext, s: SourceView, info: RowInfo): HTMLElement {
  const li = el("li", { className: "svc-result-row", attrs: { "data-address": s.address } });
  const addr = el("a", { className: "svc-cell-link", text: s.address, attrs: { href: "#", "aria-label": `Select ${s.address} (SVC.${s.fn})` } });
  addr.addEventListener("click", (ev) => {
    ev.preventDefault();
    ctx.workbook?.selectCell(s.address).then(
      () => info.status.show("info", `Selected ${s.address}.`),
      (e) => info.status.show("error", failureText(e))
    );
  });
  const head = el("div", "svc-result-head", [addr, " ", el("span", { className: "svc-fn", text: `SVC.${s.fn}` }), " ", el("span", { className: "svc-tool", text: s.tool })]);
  const meta = el("div", "svc-result-meta");
  if (s.error) append(meta, [badge("error", "danger"), " ", el("span", { className: "svc-error", text: s.error })]);
  else append(meta, [s.stale ? badge("stale", "warning") : badge("fresh", "success")]);
  if (info.volatile?.length) append(meta, [" ", badge("recalculates on every edit", "warning")]);
  if (s.fetchedAt > 0) append(meta, [" ", el("span", { className: "svc-age", text: `fetched ${ageText(info.now - s.fetchedAt)}`, attrs: { title: new Date(s.fetchedAt).toISOString() } })]);
  const cost = info.cost;
  if (cost !== undefined) append(meta, [" ", el("span", { className: "svc-cost", text: `refresh: ${cost} call${cost === 1 ? "" : "s"}`, attrs: { "data-cost": String(cost) } })]);
  append(li, [head, meta]);
  if (info.volatile?.length) li.appendChild(el("p", { className: "svc-hint svc-volatile", text: volatileText(info.volatile), attrs: { "data-field": "volatile" } }));
  if (info.note) li.appendChild(el("p", { className: "svc-hint", text: info.note, attrs: { "data-field": "price-note" } }));
  for (const n of s.notices ?? []) if (String(n).trim()) li.appendChild(noticeNode(ctx, String(n)));
  if (s.link) {
    const subject = subjectOf(s, info.formula);
    const name = `Check ${subject ? `${subject} ` : ""}SVC.${s.fn} figures at ${citeName(s.link)}`;
    li.appendChild(el("p", "svc-check", [externalLink(ctx, name, s.link)]));
  }
  return li;
}

/** The results list and Show source, over the sources registry and the workbook's formulas. */
class ResultsList {
  readonly list = el("ul", { className: "svc-results", attrs: { "data-list": "results", "aria-label": "SVC results" } });
  readonly more = el("p", "svc-hint");
  readonly status = new StatusLine();
  readonly sourceBox = el("div", { className: "svc-source-box", attrs: { "data-box": "source", "aria-live": "polite" } });
  /** Formula text and refresh cost per anchor address, read from the workbook. */
  private formulas = new Map<string, string>();
  private costs = new Map<string, number>();
  private volatile = new Map<string, string[]>();
  private notes = new Map<string, string>();
  private loading = false;
  private again = false;

  constructor(private readonly ctx: PaneContext) {}

  readonly render = (): void => {
    let all: SourceView[];
    try {
      all = this.ctx.sources.list() as SourceView[];
    } catch {
      all = [];
    }
    clear(this.list);
    this.more.textContent = "";
    if (all.length === 0) {
      this.list.appendChild(el("li", { className: "svc-empty", text: "No SVC results yet. Build a formula on the Build tab, or type one in a cell." }));
      return;
    }
    const now = Date.now();
    const rows = all.slice(0, MAX_ROWS).map((s) => ({
      address: s.address,
      fn: s.fn,
      error: !!s.error,
      node: resultRow(this.ctx, s, { now, cost: this.costs.get(s.address), formula: this.formulas.get(s.address), volatile: this.volatile.get(s.address), note: this.notes.get(s.address), status: this.status }),
    }));
    append(this.list, groupedResults(rows));
    if (all.length > MAX_ROWS) this.more.textContent = `and ${all.length - MAX_ROWS} more results`;
  };

  /** Read the workbook's formulas and price the drawn rows, then draw; one read at a time. */
  readonly reload = (): void => {
    const wb = this.ctx.workbook;
    if (!wb) return this.render();
    if (this.loading) {
      this.again = true;
      return;
    }
    this.loading = true;
    void this.read(wb).finally(() => {
      this.loading = false;
      this.render();
      if (this.again) {
        this.again = false;
        this.reload();
      }
    });
  };

  private async read(wb: WorkbookPort): Promise<void> {
    try {
      const cells = await wb.readSvcFormulas("workbook");
      this.formulas = new Map(cells.map((c) => [c.address, c.formula]));
      // Priced only for the rows the list draws (a big model can have thousands of results).
      const drawn = new Set(this.ctx.sources.list().slice(0, MAX_ROWS).map((s) => s.address));
      await this.price(wb, cells.filter((x) => drawn.has(x.address)));
    } catch {
      /* outside Excel, or the workbook is busy: show the registry alone */
    }
  }

  /** Each drawn formula's refresh cost, read by the resolver in one batch (arguments in cells included). */
  private async price(wb: WorkbookPort, cells: readonly { address: string; formula: string }[]): Promise<void> {
    const { engine, requestsFor } = this.ctx;
    if (!engine.plan || !requestsFor) return;
    const plan = await planRefresh(cells, planDepsFor(this.ctx, wb, requestsFor));
    const costs = new Map<string, number>();
    for (const c of plan.cells) if (c.calls.every((x) => x.outcome === "priced")) costs.set(c.address, (await engine.plan(requestsOfCell(plan, c), { refresh: true })).calls);
    this.costs = costs;
    this.volatile = new Map(plan.volatile.map((v) => [v.address, v.functions]));
    this.notes = new Map([
      ...plan.invalid.map((x): [string, string] => [x.address, `No call: ${x.message}.`]),
      ...plan.unpriced.map((x): [string, string] => [x.address, `Priced once it has run: ${x.message}.`]),
    ]);
  }

  readonly explainSelected = async (): Promise<void> => {
    const { ctx, status } = this;
    clear(this.sourceBox);
    if (!ctx.workbook) return status.show("error", "Show source needs Excel.");
    let at: string | null;
    let anchor: string | null = null;
    try {
      at = await ctx.workbook.activeCell();
      if (at && ctx.workbook.spillParent) anchor = await ctx.workbook.spillParent(at).catch(() => null);
    } catch (e) {
      return status.show("error", failureText(e));
    }
    if (!at) return status.show("error", "No cell is selected. Click a cell in the sheet, then press Show source.");
    const found = locate(ctx.sources.list() as SourceView[], at, anchor);
    this.mark(found?.source.address ?? null);
    if (!found) return status.show("info", `${at} is not an SVC result.`);
    status.hide();
    this.sourceBox.appendChild(sourceDetails(ctx, at, found.source, found.value));
  };

  /** Mark the row of the result the selected cell belongs to (and bring it into view). */
  private mark(address: string | null): void {
    for (const li of Array.from(this.list.querySelectorAll<HTMLElement>(".svc-result-row"))) {
      const on = address !== null && li.dataset.address === address;
      li.classList.toggle("svc-result-selected", on);
      if (on) {
        revealRow(li);
        li.setAttribute("aria-current", "true");
        li.scrollIntoView?.({ block: "nearest" });
      } else li.removeAttribute("aria-current");
    }
  }
}

export function dataSection(ctx: PaneContext): DataView {
  const node = el("section", { className: "svc-section", attrs: { "data-section": "svc-data", "aria-labelledby": "svc-data-title" } });
  const title = el("h2", { className: "svc-section-title", text: "Results in this workbook", attrs: { id: "svc-data-title" } });
  const results = new ResultsList(ctx);
  const showSource = button("Show source of the selected cell", () => void results.explainSelected(), "svc-button");
  // Show source above the list: reachable without scrolling past every result.
  append(node, [title, el("div", "svc-buttons", [showSource]), results.sourceBox, results.status.node, results.list, results.more]);
  results.render();
  results.reload();
  ctx.onDispose(ctx.sources.onChange(results.reload));
  return { node, reload: results.reload };
}

/**
 * The source whose result covers `address`: the spill's anchor when the host says it (`anchor`), else
 * a result whose recorded size covers the cell, else a FINANCIALS value with provenance.
 */
export function locate(sources: readonly SourceView[], address: string, anchor: string | null = null): { source: SourceView; value?: ValueSourceView } | null {
  const at = parseRange(address);
  const hit = (s: SourceView, row: number, col: number) => ({ source: s, value: s.provenance?.find((v) => v.row === row && v.col === col) });
  for (const s of sources) {
    let a;
    try {
      a = parseRange(s.address);
    } catch {
      continue;
    }
    if (a.sheet !== at.sheet) continue;
    const row = at.r0 - a.r0;
    const col = at.c0 - a.c0;
    const inside = row >= 0 && col >= 0 && row < (s.rows ?? 1) && col < (s.cols ?? 1);
    if (s.address === anchor || inside || s.provenance?.some((v) => v.row === row && v.col === col)) return hit(s, row, col);
  }
  return null;
}

function dl(pairs: Array<[string, Node | string]>): HTMLElement {
  const d = el("dl", "svc-kv");
  for (const [k, v] of pairs) append(d, [el("dt", { text: k }), el("dd", {}, [v])]);
  return d;
}

export function sourceDetails(ctx: PaneContext, at: string, s: SourceView, v?: ValueSourceView): HTMLElement {
  const box = el("div", { className: "svc-source", attrs: { "data-source-of": at } });
  box.appendChild(el("h3", { className: "svc-subtitle", text: `Source of ${at}` }));
  const pairs: Array<[string, Node | string]> = [
    ["Formula cell", s.address],
    ["Function", `SVC.${s.fn} (${s.tool})`],
  ];
  if (v) {
    pairs.push(["Metric", v.metric], ["Period", v.period]);
    if (v.value !== null) pairs.push(["Value", String(v.value)]);
    if (v.concept) pairs.push(["Concept", v.concept]);
    if (v.formula) pairs.push([v.computed ? "Computed as" : "Formula", v.formula]);
    if (v.accession) pairs.push(["Accession", v.accession]);
    if (v.filingUrl) pairs.push(["Filing", externalLink(ctx, `Filing ${v.accession ?? citeName(v.filingUrl)}`, v.filingUrl)]);
  } else if (s.fn === "FINANCIALS") {
    pairs.push(["Value source", "Select a value cell of the table to see its concept and filing."]);
  }
  if (s.fetchedAt > 0) pairs.push(["Fetched", new Date(s.fetchedAt).toISOString().replace("T", " ").slice(0, 19) + " UTC"]);
  if (s.link) pairs.push(["Check", externalLink(ctx, citeName(s.link), s.link)]);
  box.appendChild(dl(pairs));
  return box;
}
