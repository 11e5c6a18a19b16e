/**
 * "What changed" after *Refresh now*: the workbook is read before the refresh and after it, and the
 * change record (src/plan/changes, the same as `svc-excel refresh --changes`) says, for each SVC
 * result and each formula that moved, old -> new and why: counts by kind, then the changes ordered
 * by what matters to a model (dependents first, largest relative change first); each row selects its
 * cell and offers its filing; "Nothing changed" said plainly. *Add a sheet* writes the list into the
 * workbook ("SVC changes 2026-11-26 06.30"). Reading costs no API call.
 */
import { CHANGE_HEADER, changeAddress, changeRows, changeSheetName, changeWords, ChangeRecord, countsText, recordChanges, runsFromReadings, RunRecord, UNKNOWN_SOURCES, WorkbookReading } from "../../plan";
import { numberText } from "../../shape";
import { act } from "./common";
import { append, button, clear, el, StatusLine } from "./dom";
import { keptRecords, pastKnown, sourcesToKeep } from "./kept";
import type { PaneContext, SourceView } from "./types";

/** The workbook and the functions' records as they were before the refresh (what the workbook kept standing in for a record this runtime lacks). */
export interface Before {
  reading: WorkbookReading;
  records: RunRecord[];
  /** Every refreshed cell's past is known (run in this session or kept by an earlier refresh). */
  known: boolean;
}

const SHOWN = 200;

export class ChangesPanel {
  readonly root = el("section", { className: "svc-changes", attrs: { "data-section": "svc-changes", "aria-labelledby": "svc-changes-title" } });
  private readonly counts = el("p", { className: "svc-hint", attrs: { "data-field": "change-counts", role: "status", "aria-live": "polite" } });
  private readonly notes = el("p", { className: "svc-hint", attrs: { "data-field": "change-notes" } });
  private readonly list = el("ol", { className: "svc-change-list", attrs: { "data-field": "change-list" } });
  private readonly status = new StatusLine();
  private record: ChangeRecord | null = null;
  private readonly addSheet = button("Add a sheet", () => void this.writeSheet(), "svc-button");

  constructor(private readonly ctx: PaneContext) {
    const title = el("h3", { className: "svc-section-title", text: "What changed", attrs: { id: "svc-changes-title" } });
    append(this.root, [title, this.counts, this.notes, this.list, el("div", "svc-buttons", [this.addSheet]), this.status.node]);
    this.root.hidden = true;
  }

  /** Read the workbook before a refresh of `anchors` (null where the host cannot: then no panel). */
  async before(anchors: readonly string[]): Promise<Before | null> {
    const wb = this.ctx.workbook;
    if (!wb?.snapshot) return null;
    this.root.hidden = true;
    const records = this.ctx.sources.list() as SourceView[];
    // a host that cannot read the part (an Excel before ExcelApi 1.12) still gets the list, its past unknown
    const none = { kept: null, sizes: new Map<string, { rows: number; cols: number }>() };
    const past = wb.keptSources ? await wb.keptSources(anchors).catch(() => none) : none;
    return { reading: await wb.snapshot(), records: [...records, ...keptRecords(anchors, records, past.kept, past.sizes)], known: pastKnown(anchors, records, past.kept) };
  }

  /**
   * Read it again after the refresh, keep the refreshed cells' sources in the workbook for the next
   * one, and show what changed among `addresses` (the plan's SVC cells) and what they moved; the
   * reading after (the summary tells an error a formula hides from one it shows).
   */
  async after(before: Before | null, addresses: readonly string[]): Promise<WorkbookReading | null> {
    const wb = this.ctx.workbook;
    if (!before || !wb?.snapshot) return null;
    // read once Excel has finished calculating: the functions have recorded their runs by then
    const reading = await wb.snapshot();
    const now = this.ctx.sources.list() as SourceView[];
    await wb.keepSources?.(sourcesToKeep(addresses, now)).catch(() => undefined); // the list is shown even where the part cannot be written
    const runs = runsFromReadings(addresses, before.reading, reading, before.records, now);
    this.show(recordChanges(runs.svc, runs.formulas, { show: numberText, notes: before.known ? [] : [UNKNOWN_SOURCES] }));
    return reading;
  }

  private show(record: ChangeRecord): void {
    this.record = record;
    this.counts.textContent = countsText(record);
    this.notes.textContent = record.notes.join(" ");
    this.notes.hidden = record.notes.length === 0;
    clear(this.list);
    for (const c of record.changes.slice(0, SHOWN)) {
      const go = button(changeAddress(c), () => void this.ctx.workbook?.selectCell(changeAddress(c)), "svc-link");
      const parts: HTMLElement[] = [go, el("span", { className: "svc-change-values", text: ` ${changeWords(c, "→", false)} ` })];
      const url = c.filing?.url;
      if (url) parts.push(button("Source", () => void this.ctx.open(url), "svc-link"));
      this.list.appendChild(el("li", { attrs: { "data-kind": c.kind, "data-cell": changeAddress(c) } }, parts));
    }
    if (record.changes.length > SHOWN) this.list.appendChild(el("li", { className: "svc-hint", text: `… and ${record.changes.length - SHOWN} more: Add a sheet lists every one.` }));
    this.addSheet.hidden = !this.ctx.workbook?.addSheet || record.changes.length === 0;
    this.status.hide();
    this.root.hidden = false;
  }

  private async writeSheet(): Promise<void> {
    const wb = this.ctx.workbook;
    const record = this.record;
    if (!wb?.addSheet || !wb.snapshot || !record) return;
    await act(
      this.ctx,
      this.status,
      { busy: "Adding the sheet…", label: "Add a sheet" },
      async () => {
        const name = changeSheetName(new Date(), (await wb.snapshot?.())?.sheets.map((s) => s.sheet) ?? []);
        await wb.addSheet?.(name, [[...CHANGE_HEADER], ...changeRows(record.changes), ...record.notes.map((n) => [n])]);
        return name;
      },
      (name) => `Added the sheet "${name}".`,
      [this.addSheet]
    );
  }
}
