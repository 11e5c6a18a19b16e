/**
 * Data tab, "Freeze": replace the SVC formulas of the selection or the sheet by the values they show,
 * stamped "as of" (a comment on each formula cell), so the workbook opens anywhere with no add-in, no
 * sign-in and no call. The formulas are kept in the workbook (a custom XML part: formulas only, never
 * a credential) and Unfreeze puts them back.
 */
import type { FreezeResult, UnfreezeResult } from "../../office";
import type { FrozenEntry } from "../../office";
import type { Scope } from "../../office";
import { Btn, StatusLine, append, button, clear, el } from "./dom";
import { act } from "./common";
import { PaneContext } from "./types";

function asOfText(iso: string): string {
  return iso.replace("T", " ").slice(0, 16) + " UTC";
}

/** "Restored 2 formulas; ... 1 not restored (nothing written there): Sheet2!A1: its range covers ..." */
function unfreezeText(r: UnfreezeResult): string {
  const n = r.restored.length;
  const done = n ? `Restored ${n} formula${n === 1 ? "" : "s"}; they recalculate from the cache where they can.` : r.refused.length ? "" : "Nothing is frozen.";
  const refused = r.refused.map((x) => `${x.entry.address}: ${x.reason}`).join("; ");
  return [done, r.refused.length ? `${r.refused.length} not restored (nothing written there): ${refused}.` : ""].filter(Boolean).join(" ");
}

/** "Froze 3 results as of ...; 1 not stamped (the values and the kept formula are in place): Sheet1!A1: the cell already has a comment." */
function freezeText(r: FreezeResult): string {
  const n = r.frozen.length;
  if (n === 0) return "No SVC formulas there to freeze.";
  const done = `Froze ${n} result${n === 1 ? "" : "s"} as of ${asOfText(r.frozen[0].asOf)}.`;
  const shown = r.unstamped.slice(0, 5).map((u) => `${u.address}: ${u.reason}`).join("; ");
  const more = r.unstamped.length > 5 ? `; and ${r.unstamped.length - 5} more` : "";
  return r.unstamped.length ? `${done} ${r.unstamped.length} not stamped "as of" (values and kept formula in place): ${shown}${more}.` : done;
}

/** A Freeze or Unfreeze button: runs `work` on the workbook, then reloads the list and tells `onChange`. */
function freezeAction<T>(
  ctx: PaneContext,
  status: StatusLine,
  what: { text: string; busy: string; label: string },
  work: (wb: NonNullable<PaneContext["workbook"]>) => Promise<T>,
  done: (result: T) => string,
  after: () => void
): Btn {
  const b: Btn = button(what.text, () => {
    const wb = ctx.workbook;
    if (!wb) return status.show("error", `${what.label} needs Excel.`);
    void act(ctx, status, { busy: what.busy, label: what.label }, () => work(wb), (result: T) => {
      after();
      return done(result);
    }, [b]);
  });
  return b;
}

export function freezeSection(ctx: PaneContext, onChange: () => void = () => undefined): HTMLElement {
  const root = el("section", { className: "svc-section", attrs: { "data-section": "svc-freeze", "aria-labelledby": "svc-freeze-title" } });
  const title = el("h2", { className: "svc-section-title", text: "Freeze values", attrs: { id: "svc-freeze-title" } });
  const hint = el("p", {
    className: "svc-hint",
    text: "Freeze replaces SVC formulas by their current values, stamped with the time, so the file opens anywhere without the add-in. The formulas stay in the workbook for Unfreeze.",
  });
  const scope = el("select", { className: "svc-input", attrs: { id: "svc-freeze-scope", name: "freeze-scope" } });
  for (const [v, label] of [["selection", "Selected cells"], ["sheet", "This sheet"]] as const) scope.appendChild(el("option", { text: label, attrs: { value: v } }));
  const list = el("ul", { className: "svc-frozen", attrs: { "data-list": "frozen", "aria-label": "Frozen results" } });
  const status = new StatusLine();
  const after = (): void => {
    void load();
    onChange();
  };
  const freezeBtn = freezeAction(ctx, status, { text: "Freeze", busy: "Freezing…", label: "Freeze" }, (wb) => wb.freeze(scope.value as Scope), freezeText, after);
  const unfreezeBtn = freezeAction(ctx, status, { text: "Unfreeze all", busy: "Restoring formulas…", label: "Unfreeze" }, (wb) => wb.unfreeze(),
    unfreezeText, after);
  append(root, [
    title,
    hint,
    el("div", "svc-field", [el("label", { className: "svc-label", text: "Freeze", attrs: { for: "svc-freeze-scope" } }), scope]),
    el("div", "svc-buttons", [freezeBtn, unfreezeBtn]),
    status.node,
    list,
  ]);

  async function load(): Promise<void> {
    if (!ctx.workbook) return;
    let entries: FrozenEntry[] = [];
    try {
      entries = await ctx.workbook.listFrozen();
    } catch {
      entries = [];
    }
    clear(list);
    unfreezeBtn.hidden = entries.length === 0;
    for (const e of entries) list.appendChild(el("li", { className: "svc-frozen-item", text: `${e.range}: ${e.formula} (as of ${asOfText(e.asOf)})` }));
  }
  void load();
  return root;
}
