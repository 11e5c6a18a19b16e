/**
 * The workbench: a development page that emulates a small Excel around the REAL add-in page. The
 * task pane iframe loads dist/taskpane.html (the production bundle) with the fake Office host in
 * place of office.js. The workbook is the fake host's (src/fake-office, bundled to
 * build/workbench/fake-office.js): sheets with tabs, plain formulas through the formula engine,
 * SVC formulas with arguments from cells, defined names (type one in the name box), spills. This
 * page types into its cells, selects through it (so the pane's Insert writes at the cell selected
 * here, and the pane's row clicks select here) and draws what it shows: spills, errors (message on
 * hover and in the value bar), the selected cell's full value. Only changed cells are repainted.
 * Never referenced by the manifest; served only by `npm start` and the browser tests.
 */
import { Book, bookFinder, quoteSheet, splitAddress } from "./book";
import { pageHostOf } from "../compose/runtime-slot";
import { bookUrl } from "./cell-text";
import { DEFAULT_WIDTH, Grid, addr, colName, parseAddr } from "./grid";
import { openModelFile } from "./open-file";
import { renderTabs } from "./tabs";
import { wireEntityCards } from "./typed-cell";
import { fill, fillWithin } from "./fill";
import { download, openedBytes, OpenedFile, workbookBytes } from "./save-file";
import { wireExcelKeys } from "./keys";
import { wireMouse } from "./mouse";
import type { Rect } from "../recalc";
import { SheetView } from "./view";

const EXAMPLES: Array<[string, string]> = [
  ["Revenue, 5 years", '=SVC.FINANCIALS("AAPL","revenue",5)'],
  ["Income lines, quarters", '=SVC.FINANCIALS("MSFT","revenue,net_income,eps_diluted","FQ-3:FQ")'],
  ["Company profile", '=SVC.COMPANY("NVDA")'],
  ["One field", '=SVC.COMPANY("AAPL","name")'],
  ["Peers", '=SVC.PEERS("KO")'],
  ["Headlines", '=SVC.HEADLINES("AAPL",5)'],
  ["Screener", '=SVC.SCREEN("roic:15:",,TRUE,10)'],
  ["Economy", "=SVC.ECONOMY()"],
  ["Ticker from a cell (type AAPL in A1)", '=SVC.FINANCIALS(A1,"revenue",5)'],
  ["Peer from a spill (PEERS in A2)", '=SVC.FINANCIALS(INDEX(A2#,2,1),"revenue",5)'],
  ["A plain formula", "=SUM(C3:G3)"],
  ["An error (unknown metric)", '=SVC.FINANCIALS("AAPL","revenu",5)'],
];

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
/** The add-in page in the `book` iframe, its runtime read through the page's one slot. */
const book = bookFinder(pageHostOf);
const grid = new Grid($("sheet") as HTMLTableElement);
const view = new SheetView(grid, $("value"));
/** The page's file: what Open read, so Save writes that package back (null: a book built here). */
const page: { opened: OpenedFile | null } = { opened: null };
const fullAddress = (a: string) => `${quoteSheet(view.sheet)}!${a}`;

let scheduled = false;
function redraw(): void {
  if (scheduled) return;
  scheduled = true;
  requestAnimationFrame(() => {
    scheduled = false;
    const b = book.current();
    if (b) view.update(b.fx);
    renderStats();
  });
}

function renderStats(): void {
  const b = book.current();
  if (!b) return;
  const s = b.host.engine.stats();
  const el = $("stats");
  const quota = s.quota_remaining === null ? "?" : String(s.quota_remaining);
  el.textContent = `API calls ${s.calls} · cache hits ${s.cache_hits} · coalesced ${s.coalesced} · retries ${s.retries} · quota left ${quota}`;
  el.dataset.calls = String(s.calls);
}

async function commit(address: string, raw: string): Promise<void> {
  const b = await book.whenReady();
  const pending = b.fx.setFormula(fullAddress(address), raw.trim());
  view.update(b.fx); // at once: the cell shows #BUSY! before this returns, as Excel does
  await pending;
  redraw();
}

/** Select a cell (and a range around it) here and in the fake host (the pane's Insert writes at the host's active cell). */
function select(a: string, range?: Rect, tellHost = true): void {
  view.select(a, range);
  ($("name") as HTMLInputElement).value = a;
  const b = book.current();
  ($("fx") as HTMLInputElement).value = b ? b.fx.editText(fullAddress(a)) : "";
  const r = view.range;
  const multi = r.r1 > r.r0 || r.c1 > r.c0;
  if (tellHost && b) b.fx.select(fullAddress(multi ? `${addr(r.r0, r.c0)}:${addr(r.r1, r.c1)}` : a));
}

function showTabs(b: Book): void {
  renderTabs($("tabs"), b.fx, view.sheet, (name) => switchSheet(name), renameSheet);
}

/** Rename a sheet (references to it follow in every formula and name); returns the problem, or null. */
function renameSheet(from: string, to: string): string | null {
  const b = book.current();
  if (!b) return "the workbook is not ready";
  try {
    const name = b.fx.renameSheet(from, to.trim());
    if (view.sheet === from) view.sheet = name;
    switchSheet(view.sheet);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/** Save .xlsx: the opened file written back with what changed, else the workbook as a new file (src/model-file/create) named Book1.xlsx. */
async function save(): Promise<void> {
  const b = await book.whenReady();
  const status = $("file-status");
  const name = document.body.dataset.opened || "Book1.xlsx";
  try {
    download(page.opened ? openedBytes(b.fx, page.opened) : workbookBytes(b.fx, view.sheet), name);
    status.textContent = `Saved ${name}`;
    document.body.dataset.saved = name;
  } catch (e) {
    status.textContent = `Cannot save ${name}: ${(e as Error).message}`;
  }
}

function switchSheet(name: string, tellHost = true): void {
  const b = book.current();
  if (!b) return;
  view.sheet = name;
  ($("sheet") as HTMLTableElement).setAttribute("aria-label", name);
  if (tellHost) b.fx.activate(name);
  view.full(b.fx);
  showTabs(b);
  select(view.selected, undefined, tellHost);
}

/** The name box: a cell address jumps there; anything else names the selected cell (workbook scope). */
function nameBox(value: string): void {
  const b = book.current();
  const v = value.trim();
  if (!b || v === "") return;
  if (/^[A-Za-z]{1,3}\d+$/.test(v)) return select(v.toUpperCase());
  const [r, c] = parseAddr(view.selected);
  try {
    b.fx.names.define(v, `=${quoteSheet(view.sheet)}!$${colName(c)}$${r + 1}`);
    $("value").textContent = `Name ${v} now refers to ${fullAddress(view.selected)}`;
  } catch (e) {
    $("value").textContent = `Not a name: ${(e as Error).message}`;
  }
  ($("name") as HTMLInputElement).value = view.selected;
}

function wireColumns(sheet: HTMLElement): void {
  // Widen a column by dragging the grip at its header's right edge.
  sheet.addEventListener("mousedown", (ev) => {
    const grip = (ev.target as HTMLElement).closest<HTMLElement>(".grip");
    if (!grip) return;
    ev.preventDefault();
    const c = Number(grip.dataset.col);
    const startX = ev.clientX;
    const start = view.grid.widths.get(c) ?? DEFAULT_WIDTH;
    const moveTo = (e: MouseEvent) => view.grid.setWidth(c, start + e.clientX - startX);
    const up = () => {
      window.removeEventListener("mousemove", moveTo);
      window.removeEventListener("mouseup", up);
    };
    window.addEventListener("mousemove", moveTo);
    window.addEventListener("mouseup", up);
  });
  sheet.addEventListener("dblclick", (ev) => {
    const grip = (ev.target as HTMLElement).closest<HTMLElement>(".grip");
    if (grip) view.grid.setWidth(Number(grip.dataset.col), 240);
  });
}

function wireKeys(fx: HTMLInputElement): void {
  const sheet = $("sheet");
  const problem = $("formula-problem");
  wireExcelKeys({
    view,
    fx,
    grid: sheet,
    select,
    commit: (a, raw) => void commit(a, raw),
    clear: (r) => void clearRange(r),
    fill: (direction) => void book.whenReady().then((b) => fillWithin(b.fx, view.sheet, view.range, direction)).then(redraw),
    editText: (a) => book.current()?.fx.editText(fullAddress(a)) ?? "",
    problem: (message) => {
      problem.hidden = message === null;
      problem.querySelector("p")?.replaceChildren(message ?? "");
    },
    widen: (delta) => {
      const c = parseAddr(view.selected)[1];
      view.grid.setWidth(c, (view.grid.widths.get(c) ?? DEFAULT_WIDTH) + delta);
    },
  });
  wireMouse({ view, grid: sheet, select, fillTo: (source, target) => void book.whenReady().then((b) => fill(b.fx, view.sheet, source, target)).then(redraw) });
  const name = $("name") as HTMLInputElement;
  name.addEventListener("keydown", (ev) => {
    if (ev.key !== "Enter" && ev.key !== "Escape") return;
    ev.preventDefault();
    if (ev.key === "Enter") nameBox(name.value);
    else name.value = view.selected;
    sheet.focus(); // typing goes to the grid again, as in Excel
  });
}

async function clearRange(r: Rect): Promise<void> {
  const b = await book.whenReady();
  for (let row = r.r0; row <= r.r1; row++) for (let c = r.c0; c <= r.c1; c++) b.fx.clearCell(fullAddress(addr(row, c)));
  select(view.selected, view.range);
  redraw();
}

function wireTips(sheet: HTMLElement): void {
  // Error messages on hover, like Excel's error indicator.
  const tip = $("tip");
  sheet.addEventListener("mousemove", (ev) => {
    const td = (ev.target as HTMLElement).closest("td");
    if (!td?.dataset.error) {
      tip.hidden = true;
      return;
    }
    tip.replaceChildren();
    const strong = document.createElement("strong");
    strong.textContent = td.dataset.error;
    const msg = document.createElement("span");
    msg.textContent = td.dataset.message || "(no message)";
    tip.append(strong, msg);
    const rect = td.getBoundingClientRect();
    tip.style.left = `${rect.left}px`;
    tip.style.top = `${rect.bottom + 4}px`;
    tip.hidden = false;
  });
  sheet.addEventListener("mouseleave", () => (tip.hidden = true));
}

function wireExamples(fx: HTMLInputElement): void {
  const ex = $("examples") as HTMLSelectElement;
  for (const [label, f] of EXAMPLES) {
    const o = document.createElement("option");
    o.value = f;
    o.textContent = `${label}: ${f}`;
    ex.appendChild(o);
  }
  ex.addEventListener("change", () => {
    if (!ex.value) return;
    fx.value = ex.value;
    ex.value = "";
    fx.focus();
  });
}

function wire(): void {
  const fx = $("fx") as HTMLInputElement;
  const sheet = $("sheet");
  wireColumns(sheet);
  wireKeys(fx);
  wireTips(sheet);
  wireExamples(fx);
  $("recalc").addEventListener("click", async () => {
    const b = await book.whenReady();
    const excel = b.excel;
    if (!excel) return;
    await excel.run(async (ctx) => {
      ctx.application.calculate(excel.CalculationType.full);
      await ctx.sync();
    });
  });
  wireEntityCards(sheet, (id) => grid.cardAt(id));
  wireOpen();
  $("save").addEventListener("click", () => void save());
}

/** Load an .xlsx into the workbook (src/model-file reads it); the outcome shows beside the value bar. */
async function openBytes(name: string, bytes: Uint8Array): Promise<void> {
  const b = await book.whenReady();
  const status = $("file-status");
  status.textContent = `Opening ${name}…`;
  page.opened = null;
  try {
    const opened = await openModelFile(bytes, b.fx);
    page.opened = { bytes, baseline: b.fx.snapshot() };
    showTabs(b);
    if (opened.sheets[0]) switchSheet(opened.sheets[0]);
    const unverified = opened.unverified > 0 ? `, ${opened.unverified} shown as Excel stored them (not recomputed here: select one for why)` : "";
    status.textContent = `${name}: ${opened.sheets.length} sheets, ${opened.formulas} formulas, ${opened.constants} values${unverified}`;
    document.body.dataset.opened = name;
  } catch (e) {
    status.textContent = `Cannot open ${name}: ${(e as Error).message}`;
    document.body.dataset.openError = (e as Error).message;
  }
  redraw();
}

function wireOpen(): void {
  const input = $("open") as HTMLInputElement;
  const load = async (file: File | undefined) => {
    if (file) await openBytes(file.name, new Uint8Array(await file.arrayBuffer()));
  };
  input.addEventListener("change", () => void load(input.files?.[0]).then(() => (input.value = "")));
  document.addEventListener("dragover", (ev) => {
    if (!ev.dataTransfer?.types.includes("Files")) return;
    ev.preventDefault();
    document.body.classList.add("dropping");
  });
  document.addEventListener("dragleave", () => document.body.classList.remove("dropping"));
  document.addEventListener("drop", (ev) => {
    if (!ev.dataTransfer?.files.length) return;
    ev.preventDefault();
    document.body.classList.remove("dropping");
    void load(ev.dataTransfer.files[0]);
  });
}

/** Edits, results, selections and sheets made by the pane (Insert, Freeze, refresh) or by this page. */
function follow(b: Book): void {
  b.fx.onEvent((e) => {
    if (e.type === "select" && e.address) {
      const { sheet, cell } = splitAddress(e.address);
      if (sheet !== view.sheet) switchSheet(sheet, false);
      if (cell !== view.selected) select(cell, undefined, false);
    } else if (e.type === "activate" && e.sheet && e.sheet !== view.sheet) switchSheet(e.sheet, false);
    else if (e.type === "sheet") showTabs(b);
    else if (e.type === "cell" || e.type === "edit") {
      if (e.type === "edit" && e.address === fullAddress(view.selected) && document.activeElement !== $("fx")) select(view.selected, view.range, false);
      redraw();
    }
  });
  b.host.engine.onChange?.(() => renderStats());
}

async function main(): Promise<void> {
  ($("book") as HTMLIFrameElement).src = bookUrl(location.search); // data types on unless ?datatypes=0
  view.grid.build();
  wire();
  const b = await book.whenReady();
  view.sheet = b.fx.activeSheet();
  view.full(b.fx);
  showTabs(b);
  select("B2");
  follow(b);
  setInterval(renderStats, 1000);
  renderStats();
  const preset = new URLSearchParams(location.search).get("formula");
  if (preset) {
    ($("fx") as HTMLInputElement).value = preset;
    await commit("B2", preset);
  }
  document.body.dataset.ready = "1";
}

void main();
