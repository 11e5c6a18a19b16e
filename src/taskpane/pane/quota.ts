/** Section 2: quota and activity — the engine's counts, live through engine.onChange. */
import type { SvcStats } from "../../engine";
import { append, el, section } from "./dom";
import { PaneContext } from "./types";

const ROWS: ReadonlyArray<[keyof SvcStats, string]> = [
  ["calls", "Requests sent to the API"],
  ["cache_hits", "Answered from the cache"],
  ["coalesced", "Shared with another request"],
  ["retries", "Retries"],
  ["stale_served", "Cached answers served while the API was unavailable"],
  ["errors", "Results that ended in an error (most cost no call)"],
  ["pending", "Waiting or in flight"],
];

function utcTime(ms: number): string {
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? "" : d.toLocaleString();
}

/** "in 3 h 12 min, 01:00 your time" until the next 00:00 UTC. */
export function resetText(now: number): string {
  const next = Math.floor(now / 86_400_000) * 86_400_000 + 86_400_000;
  const min = Math.ceil((next - now) / 60_000);
  const left = min >= 60 ? `in ${Math.floor(min / 60)} h ${min % 60} min` : `in ${min} min`;
  const local = new Date(next).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return `${left}, ${local} your time`;
}

export function quotaSection(ctx: PaneContext): HTMLElement {
  const { root, body } = section("svc-quota", "Quota & activity");
  const remaining = el("p", { className: "svc-quota-remaining", attrs: { "data-field": "quota_remaining" } });
  const blocked = el("p", { className: "svc-quota-blocked", attrs: { role: "alert", "data-field": "quota_blocked" } });
  const list = el("dl", "svc-stats");
  const values = new Map<string, HTMLElement>();
  for (const [key, label] of ROWS) {
    const dd = el("dd", { attrs: { "data-field": String(key) } });
    values.set(String(key), dd);
    append(list, [el("dt", { text: label }), dd]);
  }
  append(body, [remaining, blocked, list]);

  const reset = el("p", { className: "svc-hint", attrs: { "data-field": "quota_reset" } });
  body.insertBefore(reset, blocked);
  const render = (s: SvcStats): void => {
    remaining.textContent =
      s.quota_remaining === null || s.quota_remaining === undefined
        ? "Quota remaining today: not known yet (the API reports it with each call)."
        : `Quota remaining today: ${s.quota_remaining} calls`;
    reset.textContent = `The daily quota resets at 00:00 UTC (${resetText(Date.now())}).`;
    let until: number | null = null;
    try {
      until = ctx.engine.quotaBlockedUntil();
    } catch {
      until = null;
    }
    blocked.hidden = until === null;
    blocked.textContent =
      until === null ? "" : `Daily quota used up until 00:00 UTC (${utcTime(until)} your time). No calls are made until then; cached results still show.`;
    for (const [key, node] of values) {
      const v = s[key as keyof typeof s];
      node.textContent = typeof v === "number" ? String(v) : "–";
    }
  };

  try {
    render(ctx.engine.stats());
  } catch {
    remaining.textContent = "Activity is not available yet.";
  }
  ctx.onDispose(
    ctx.engine.onChange((s) => {
      try {
        render(s);
      } catch {
        /* a bad count never breaks the pane */
      }
    })
  );
  return root;
}
