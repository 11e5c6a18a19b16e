/**
 * Pieces the sections share: running an action so it always settles visibly, links that open only
 * http(s) URLs, the formula box (copy / insert), and an API answer rendered as a table with its
 * notices and check-the-figures link.
 */
import { ToolName } from "../../api";
import type { EngineAnswer } from "../../engine";
import { Cell, Grid, displayText, noticesOf, shapeAnswer, withoutNoticeRows } from "../../shape";
import { safeExternalUrl } from "../../office";
import { Btn, StatusLine, append, button, clear, el, setDisabled } from "./dom";
import type { ArgValue } from "./formula";
import { failureText, withTimeout } from "./failure";
import { PaneContext } from "./types";

/**
 * Run one pane action: show `busy`, then the outcome — `done(result)` or the failure's text. Never
 * rejects; the buttons given are disabled while it runs.
 */
export async function act<T>(
  ctx: PaneContext,
  status: StatusLine,
  what: { busy: string; label: string },
  work: () => Promise<T> | T,
  done: (result: T) => string | null,
  disable: readonly Btn[] = []
): Promise<void> {
  for (const b of disable) setDisabled(b, true);
  status.show("busy", what.busy);
  try {
    const r = await withTimeout(what.label, ctx.actionTimeoutMs, work);
    const text = done(r);
    if (text === null) status.hide();
    else status.show("ok", text);
  } catch (e) {
    status.show("error", failureText(e));
  } finally {
    for (const b of disable) setDisabled(b, false);
  }
}

/** A link to an external page: an anchor only for http(s) URLs (opened through ctx.open), else plain text. */
export function externalLink(ctx: PaneContext, text: string, url: unknown): HTMLElement {
  const safe = safeExternalUrl(url);
  if (!safe) return el("span", { className: "svc-link-refused", text });
  const a = el("a", { className: "svc-link", text, attrs: { href: safe, target: "_blank", rel: "noopener noreferrer" } });
  a.addEventListener("click", (ev) => {
    ev.preventDefault();
    ctx.open(safe);
  });
  return a;
}

const numberFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 6 });

/** A grid cell as display text: missing stays blank (never 0). */
export function cellText(c: Cell): string {
  if (c === null || c === undefined) return "";
  if (typeof c === "boolean") return c ? "TRUE" : "FALSE";
  if (typeof c === "number") return Number.isFinite(c) ? numberFormat.format(c) : "";
  return typeof c === "string" ? c : displayText(c); // typed values (dates, percents): as Excel shows them
}

function isUrlColumn(header: Cell): boolean {
  return typeof header === "string" && /(^|_)url$/i.test(header);
}

/** A grid as an HTML table: the first row is the header; cells of *url columns become links. */
export function gridTable(ctx: PaneContext, grid: Grid): HTMLTableElement {
  const table = el("table", "svc-table");
  if (grid.length === 0) return table;
  const [head, ...rows] = grid;
  const thead = el("thead");
  const hr = el("tr");
  for (const h of head) append(hr, [el("th", { text: cellText(h), attrs: { scope: "col" } })]);
  append(thead, [hr]);
  const tbody = el("tbody");
  // Wide tables read as one record per row in a narrow pane (pane.css): each cell carries its column's name.
  if (head.length > 3) table.classList.add("svc-records");
  for (const row of rows) {
    const tr = el("tr");
    row.forEach((c, i) => {
      const td = el("td", { attrs: { "data-label": cellText(head[i]) } });
      const text = cellText(c);
      if (isUrlColumn(head[i]) && text !== "") td.appendChild(externalLink(ctx, text, text));
      else td.textContent = text;
      if (typeof c === "number") td.className = "svc-num";
      tr.appendChild(td);
    });
    tbody.appendChild(tr);
  }
  append(table, [thead, tbody]);
  return table;
}

export function formatTime(ms: number): string {
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? "an unknown time" : d.toLocaleString();
}

/** A tool answer: meta line (stale mark, link), the table, then the required notices under it. */
export function answerView(ctx: PaneContext, tool: ToolName, answer: EngineAnswer): HTMLElement {
  const data = answer.data && typeof answer.data === "object" ? answer.data : {};
  const notices = noticesOf(tool, data);
  // The grid ends with one `Notice:` row per notice; the pane shows them under the table instead.
  const grid = withoutNoticeRows(shapeAnswer(tool, data, { headers: 1, dates: "text", extra: {} }), notices);
  const box = el("div", "svc-answer");
  const meta = el("div", "svc-answer-meta");
  const rows = Math.max(0, grid.length - 1);
  append(meta, [el("span", { className: "svc-count", text: `${rows} row${rows === 1 ? "" : "s"}` })]);
  if (answer.stale) append(meta, [" ", el("span", { className: "svc-stale", text: `cached, from ${formatTime(answer.fetchedAt)}` })]);
  if (answer.link) append(meta, [" ", externalLink(ctx, "Check the figures", answer.link)]);
  append(box, [meta, el("div", "svc-table-wrap", [gridTable(ctx, grid)])]);
  if (notices.length) {
    const list = el("ul", "svc-notices");
    for (const n of notices) list.appendChild(el("li", { className: "svc-notice", text: n }));
    box.appendChild(list);
  }
  return box;
}

/** Copy text: the given copier, navigator.clipboard, or select-and-copy in a hidden textarea. */
export async function copyText(ctx: PaneContext, text: string): Promise<void> {
  if (ctx.copyText) return ctx.copyText(text);
  const nav = (globalThis as { navigator?: Navigator }).navigator;
  try {
    if (nav?.clipboard?.writeText) {
      await nav.clipboard.writeText(text);
      return;
    }
  } catch {
    /* blocked (permissions policy in an iframe): fall back below */
  }
  const ta = el("textarea", { className: "svc-offscreen", attrs: { readonly: "", "aria-hidden": "true" } });
  ta.value = text;
  document.body.appendChild(ta);
  try {
    ta.select();
    const ok = typeof document.execCommand === "function" && document.execCommand("copy");
    if (!ok) throw new Error("copying is blocked here; select the formula and press Ctrl+C");
  } finally {
    ta.remove();
  }
}

/** How long a "Copied" / "Inserted" confirmation stays before it clears by itself. */
export const CONFIRMATION_MS = 4000;

/** What a formula box previews: the function and its arguments as a cell would receive them. */
export type PreviewArgs = () => { fn: string; args: ArgValue[] } | null;

/** What a formula box's buttons share: its status line, the formula on offer, and the confirmation timer. */
interface BoxState {
  status: StatusLine;
  current(): string | null;
  confirm(msg: string | null): string | null;
}

/** Preview: the cell's own evaluation of the formula on offer, drawn under the box. */
function previewButton(ctx: PaneContext, box: BoxState, preview: HTMLElement, evaluate: NonNullable<PaneContext["evaluate"]>, previewArgs: PreviewArgs): Btn {
  const b: Btn = button("Preview", () => {
    const call = previewArgs();
    const shownFormula = box.current();
    if (!shownFormula || !call) return;
    void act(ctx, box.status, { busy: "Evaluating…", label: "The preview" }, () => evaluate(call.fn, call.args), (grid) => {
      clear(preview);
      const table = gridTable(ctx, grid as Grid);
      table.setAttribute("data-grid", JSON.stringify(grid));
      table.setAttribute("data-formula", shownFormula);
      preview.appendChild(el("div", "svc-table-wrap", [table]));
      return null;
    }, [b]);
  }, "svc-button");
  return b;
}

/** Insert: write the formula on offer at the active cell. */
function insertButton(ctx: PaneContext, box: BoxState, write: NonNullable<PaneContext["insertFormula"]>): Btn {
  const b: Btn = button("Insert at the active cell", () => {
    const f = box.current();
    if (!f) return;
    void act(ctx, box.status, { busy: "Inserting…", label: "Inserting the formula" }, () => write(f),
      (addr) => box.confirm(typeof addr === "string" && addr ? `Inserted into ${addr}` : "Inserted into the active cell"), [b]);
  }, "svc-button svc-primary");
  return b;
}

/**
 * The formula box: the formula text (selectable), Preview (the cell's own evaluation, when the page
 * provides it), Copy, and Insert at the active cell. `set(formula, shown)` shows `shown` while
 * offering only `formula` (null: nothing to copy or insert). Confirmations clear on the next edit
 * and after CONFIRMATION_MS.
 */
export function formulaBox(ctx: PaneContext, previewArgs?: PreviewArgs): { node: HTMLElement; set(formula: string | null, shown?: string): void } {
  const node = el("div", "svc-formula");
  const text = el("input", { className: "svc-formula-text", attrs: { type: "text", readonly: "", "aria-label": "Formula" } });
  const preview = el("div", { className: "svc-preview", attrs: { "data-box": "preview" } });
  let current: string | null = null;
  let clearTimer: ReturnType<typeof setTimeout> | null = null;
  const box: BoxState = {
    status: new StatusLine(),
    current: () => current,
    confirm: (msg) => {
      if (clearTimer) clearTimeout(clearTimer);
      clearTimer = setTimeout(() => box.status.hide(), CONFIRMATION_MS);
      return msg;
    },
  };
  const copy: Btn = button("Copy", () => {
    const f = current;
    if (f) void act(ctx, box.status, { busy: "Copying…", label: "Copying" }, () => copyText(ctx, f), () => box.confirm("Copied to the clipboard"), [copy]);
  });
  const previewBtn = ctx.evaluate && previewArgs ? previewButton(ctx, box, preview, ctx.evaluate, previewArgs) : null;
  const insert = ctx.insertFormula ? insertButton(ctx, box, ctx.insertFormula) : null;
  const actions = [previewBtn, copy, insert].filter((b): b is Btn => b !== null);
  append(node, [text, el("div", "svc-buttons", actions), box.status.node, preview]);
  const set = (formula: string | null, shown?: string): void => {
    const changed = (shown ?? formula ?? "") !== text.value;
    current = formula;
    text.value = shown ?? formula ?? "";
    for (const b of actions) setDisabled(b, !formula);
    if (changed) {
      box.status.hide();
      clear(preview);
    }
  };
  set(null);
  text.addEventListener("focus", () => text.select());
  return { node, set };
}
