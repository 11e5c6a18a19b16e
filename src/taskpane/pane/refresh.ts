/**
 * Section 7: Refresh data. Shows what a refresh costs (one call per distinct SVC result on the sheet,
 * against the quota left), asks for confirmation, then clears the cache and recalculates fully.
 * Nothing here runs by itself.
 */
import type { CellSource } from "../../functions/sources";
import { StatusLine, append, button, el, section } from "./dom";
import { act } from "./common";
import { PaneContext } from "./types";

/** Distinct results on the sheet: cells showing the same answer (same link) cost one call. */
export function expectedCalls(sources: readonly CellSource[]): number {
  return new Set(sources.map((s) => s.link || `${s.tool}@${s.address}`)).size;
}

export function refreshSection(ctx: PaneContext): HTMLElement {
  const { root, body } = section("svc-refresh", "Refresh data");
  const intro = el("p", {
    className: "svc-hint",
    text: "Results are cached to save your daily quota. Refresh fetches every SVC result on the sheet again.",
  });
  const status = new StatusLine();
  const confirmBox = el("div", { className: "svc-confirm", attrs: { role: "group", "aria-label": "Confirm refresh" } });
  confirmBox.hidden = true;
  const question = el("p", "svc-confirm-text");

  const start = button("Refresh data…", () => ask(), "svc-button");
  const yes = button("Refresh now", () => confirm(), "svc-button svc-primary");
  const no = button("Cancel", () => {
    confirmBox.hidden = true;
    start.disabled = false;
    status.show("info", "Refresh cancelled.");
  });
  append(confirmBox, [question, el("div", "svc-buttons", [yes, no])]);
  append(body, [intro, el("div", "svc-buttons", [start]), confirmBox, status.node]);

  function ask(): void {
    try {
      const n = expectedCalls(ctx.sources.list());
      const q = ctx.engine.stats().quota_remaining;
      const blocked = ctx.engine.quotaBlockedUntil();
      const quota = q === null || q === undefined ? "not known yet" : String(q);
      let text = `This fetches up to ${n} result${n === 1 ? "" : "s"} again: up to ${n} API call${n === 1 ? "" : "s"}. Quota remaining today: ${quota}.`;
      if (blocked !== null) text += " The daily quota is used up until 00:00 UTC, so cells will show errors until then.";
      else if (q !== null && q !== undefined && n > q) text += " That is more than the quota left: some cells will show errors.";
      question.textContent = text;
      confirmBox.hidden = false;
      start.disabled = true;
      status.hide();
    } catch (e) {
      status.show("error", `Could not work out the cost of a refresh: ${(e as Error)?.message ?? String(e)}`);
    }
  }

  function confirm(): void {
    confirmBox.hidden = true;
    void act(
      ctx,
      status,
      { busy: "Clearing the cache and recalculating…", label: "Refresh" },
      async () => {
        await ctx.engine.clearCache();
        await ctx.calculateFull();
      },
      () => "Recalculation started: results refill as the API answers.",
      [start]
    ).finally(() => {
      start.disabled = false;
    });
  }

  return root;
}
