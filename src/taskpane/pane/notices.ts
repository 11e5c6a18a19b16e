/**
 * Section 3: notices and sources for the results on the sheet. Cells cannot carry the notices the
 * API requires (attribution, economy notice and citations, AI caveats, low confidence), so the pane
 * lists each notice once with the cells it applies to, then each result's check-the-figures link,
 * marking results served from an expired cache "cached, from <time>".
 */
import type { CellSource } from "../../functions/sources";
import { append, clear, el, section } from "./dom";
import { externalLink, formatTime } from "./common";
import { PaneContext } from "./types";

/** How many cell addresses one line names before "and N more". */
const MAX_CELLS_SHOWN = 12;
/** How many source lines the list draws (a big model can have thousands of cells). */
const MAX_SOURCES_SHOWN = 200;

export interface NoticeGroup {
  notice: string;
  cells: string[];
}

export interface SourceGroup {
  fn: string;
  link: string;
  stale: boolean;
  fetchedAt: number;
  cells: string[];
}

/** Each distinct notice once, with the cells it applies to (in sheet-record order). */
export function groupNotices(sources: readonly CellSource[]): NoticeGroup[] {
  const by = new Map<string, string[]>();
  for (const s of sources) {
    for (const raw of s.notices ?? []) {
      const n = String(raw).trim();
      if (!n) continue;
      const cells = by.get(n) ?? [];
      if (!cells.includes(s.address)) cells.push(s.address);
      by.set(n, cells);
    }
  }
  return [...by.entries()].map(([notice, cells]) => ({ notice, cells }));
}

/** Results grouped by their answer (same link, same freshness): one check-the-figures link each. */
export function groupSources(sources: readonly CellSource[]): SourceGroup[] {
  const by = new Map<string, SourceGroup>();
  for (const s of sources) {
    const key = `${s.link}\u0000${s.stale ? `stale:${s.fetchedAt}` : "fresh"}\u0000${s.link ? "" : s.address}`;
    const g = by.get(key);
    if (g) g.cells.push(s.address);
    else by.set(key, { fn: s.fn, link: s.link, stale: s.stale, fetchedAt: s.fetchedAt, cells: [s.address] });
  }
  return [...by.values()];
}

export function cellList(cells: readonly string[]): string {
  const shown = cells.slice(0, MAX_CELLS_SHOWN).join(", ");
  return cells.length > MAX_CELLS_SHOWN ? `${shown} and ${cells.length - MAX_CELLS_SHOWN} more` : shown;
}

export function noticesSection(ctx: PaneContext): HTMLElement {
  const { root, body } = section("svc-notices", "Notices & sources");
  const intro = el("p", {
    className: "svc-hint",
    text: "Notices the data providers require for the SVC results on your sheet, and where each result came from.",
  });
  const notices = el("div", { className: "svc-notice-groups", attrs: { "data-list": "notices" } });
  const sourcesList = el("div", { className: "svc-source-groups", attrs: { "data-list": "sources" } });
  append(body, [intro, el("h3", { className: "svc-subtitle", text: "Required notices" }), notices, el("h3", { className: "svc-subtitle", text: "Sources" }), sourcesList]);

  const render = (): void => {
    let all: CellSource[];
    try {
      all = ctx.sources.list();
    } catch {
      all = [];
    }
    clear(notices);
    const ng = groupNotices(all);
    if (ng.length === 0) notices.appendChild(el("p", { className: "svc-empty", text: "No notices for the results on the sheet." }));
    const nl = el("ul", "svc-notices");
    for (const g of ng) {
      const li = el("li", { className: "svc-notice-group" });
      append(li, [
        el("p", { className: "svc-notice", text: g.notice }),
        el("p", { className: "svc-cells", text: `Applies to ${cellList(g.cells)}` }),
      ]);
      nl.appendChild(li);
    }
    if (ng.length) notices.appendChild(nl);

    clear(sourcesList);
    const sg = groupSources(all);
    if (sg.length === 0) sourcesList.appendChild(el("p", { className: "svc-empty", text: "No SVC results on the sheet yet." }));
    const sl = el("ul", "svc-sources");
    for (const g of sg.slice(0, MAX_SOURCES_SHOWN)) {
      const li = el("li", { className: "svc-source" });
      append(li, [el("span", { className: "svc-fn", text: `SVC.${g.fn}` }), " ", el("span", { className: "svc-cells", text: cellList(g.cells) })]);
      if (g.stale) append(li, [" ", el("span", { className: "svc-stale", text: `cached, from ${formatTime(g.fetchedAt)}` })]);
      if (g.link) append(li, [" ", externalLink(ctx, "Check the figures", g.link)]);
      sl.appendChild(li);
    }
    if (sg.length) sourcesList.appendChild(sl);
    if (sg.length > MAX_SOURCES_SHOWN)
      sourcesList.appendChild(el("p", { className: "svc-hint", text: `and ${sg.length - MAX_SOURCES_SHOWN} more results` }));
  };

  render();
  ctx.onDispose(ctx.sources.onChange(render));
  return root;
}
