/**
 * The workbench: a development page that emulates a sheet around the REAL add-in page. The task
 * pane iframe loads dist/taskpane.html (the production bundle) with the fake Office host in place
 * of office.js. The sheet is the fake host's workbook (test/fakes/office, bundled to build/workbench/fake-office.js): this page
 * types into its cells, selects through it (so the pane's Insert writes at the cell selected here,
 * and the pane's row clicks select here), and draws what it shows — spills, errors (message on hover
 * and in the value bar), the selected cell's full value. The grid grows with its content (a spill is
 * never cut off into a false #SPILL!) and columns are widened by dragging their header's edge
 * (or Alt+→ / Alt+← on the selected column).
 * Never referenced by the manifest; served only by `npm start` and the browser tests.
 */
import { paintTyped, typedText, wireEntityCards } from "./typed-cell";

interface Shown {
  value?: unknown;
  error?: string;
  message?: string | null;
  anchor?: boolean;
  spill?: boolean;
  busy?: boolean;
}
interface FakeExcel {
  setFormula(address: string, text: string): Promise<unknown>;
  formulaAt(address: string): unknown;
  shown(): Array<[string, Shown]>;
  select(address: string | null): void;
  selection(): string | null;
  onEvent(l: (e: { type: string; address?: string | null }) => void): void;
  ids(): string[];
}
interface Stats {
  calls: number;
  cache_hits: number;
  coalesced: number;
  retries: number;
  quota_remaining: number | null;
}
interface BookWindow extends Window {
  __fakeExcel?: FakeExcel;
  __svcHost?: { engine: { stats(): Stats; onChange?(l: (s: Stats) => void): () => void } };
  Excel?: { run(cb: (ctx: { application: { calculate(t: string): void }; sync(): Promise<void> }) => Promise<void>): Promise<void>; CalculationType: { full: string } };
}

const SHEET = "Sheet1";
const MIN_COLS = 14;
const MIN_ROWS = 60;
/** Blank rows and columns kept beyond the used range, so there is always room to type. */
const MARGIN_ROWS = 10;
const MARGIN_COLS = 4;
const DEFAULT_WIDTH = 96;
const EXAMPLES: Array<[string, string]> = [
  ["Revenue, 5 years", '=SVC.FINANCIALS("AAPL","revenue",5)'],
  ["Income lines, quarters", '=SVC.FINANCIALS("MSFT","revenue,net_income,eps_diluted","FQ-3:FQ")'],
  ["Company profile", '=SVC.COMPANY("NVDA")'],
  ["One field", '=SVC.COMPANY("AAPL","name")'],
  ["Peers", '=SVC.PEERS("KO")'],
  ["Headlines", '=SVC.HEADLINES("AAPL",5)'],
  ["Screener", '=SVC.SCREEN("roic:15:",,TRUE,10)'],
  ["Economy", "=SVC.ECONOMY()"],
  ["An error (unknown metric)", '=SVC.FINANCIALS("AAPL","revenu",5)'],
];

let selected = "B2";
let rows = MIN_ROWS;
let cols = MIN_COLS;
const widths = new Map<number, number>();

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
function colName(c: number): string {
  let s = "";
  for (let n = c + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}
const addr = (r: number, c: number) => `${colName(c)}${r + 1}`;
function parseAddr(a: string): [number, number] {
  const m = /^([A-Z]+)(\d+)$/.exec(a.replace(/^.*!/, ""))!;
  let c = 0;
  for (const ch of m[1]) c = c * 26 + (ch.charCodeAt(0) - 64);
  return [Number(m[2]) - 1, c - 1];
}
const full = (a: string) => `${SHEET}!${a}`;

function book(): BookWindow | null {
  const w = ($("book") as HTMLIFrameElement).contentWindow as BookWindow | null;
  return w && w.__fakeExcel && w.__svcHost ? w : null;
}

function whenBookReady(): Promise<BookWindow> {
  return new Promise((resolve) => {
    const tick = () => {
      const w = book();
      if (w && w.__fakeExcel!.ids().length > 0) resolve(w);
      else setTimeout(tick, 50);
    };
    tick();
  });
}

// ------------------------------------------------------------------ rendering

/** What the sheet shows, by local address ("B2"), from the fake host's workbook. */
function view(): Map<string, Shown> {
  const w = book();
  const out = new Map<string, Shown>();
  if (!w) return out;
  for (const [a, s] of w.__fakeExcel!.shown()) if (a.startsWith(`${SHEET}!`)) out.set(a.slice(SHEET.length + 1), s);
  return out;
}

/** Rebuild the grid when the content needs more rows or columns than it has. */
function ensureSize(shown: Map<string, Shown>): void {
  let maxR = 0;
  let maxC = 0;
  for (const a of shown.keys()) {
    const [r, c] = parseAddr(a);
    maxR = Math.max(maxR, r);
    maxC = Math.max(maxC, c);
  }
  const [sr, sc] = parseAddr(selected);
  const wantRows = Math.max(MIN_ROWS, maxR + 1 + MARGIN_ROWS, sr + 1 + MARGIN_ROWS);
  const wantCols = Math.max(MIN_COLS, maxC + 1 + MARGIN_COLS, sc + 1 + MARGIN_COLS);
  if (wantRows <= rows && wantCols <= cols && $("sheet").childElementCount > 0) return;
  rows = Math.max(rows, wantRows);
  cols = Math.max(cols, wantCols);
  buildGrid();
}

function buildGrid(): void {
  const t = $("sheet") as HTMLTableElement;
  t.replaceChildren();
  const colgroup = document.createElement("colgroup");
  colgroup.appendChild(document.createElement("col")).className = "rowhead";
  for (let c = 0; c < cols; c++) {
    const col = colgroup.appendChild(document.createElement("col"));
    col.id = `col-${c}`;
    col.style.width = `${widths.get(c) ?? DEFAULT_WIDTH}px`;
  }
  t.appendChild(colgroup);
  const head = t.createTHead().insertRow();
  head.appendChild(document.createElement("th")).className = "row";
  for (let c = 0; c < cols; c++) {
    const th = head.appendChild(document.createElement("th"));
    th.textContent = colName(c);
    th.dataset.col = String(c);
    const grip = th.appendChild(document.createElement("span"));
    grip.className = "grip";
    grip.dataset.col = String(c);
    grip.title = `Drag to widen column ${colName(c)}`;
  }
  const body = t.createTBody();
  for (let r = 0; r < rows; r++) {
    const tr = body.insertRow();
    const th = tr.appendChild(document.createElement("th"));
    th.className = "row";
    th.textContent = String(r + 1);
    for (let c = 0; c < cols; c++) {
      const td = tr.insertCell();
      td.id = `cell-${addr(r, c)}`;
      td.dataset.addr = addr(r, c);
    }
  }
  fitTable();
}

function text(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "number") return Number.isInteger(v) ? String(v) : String(Number(v.toFixed(6)));
  if (typeof v === "boolean") return v ? "TRUE" : "FALSE";
  return String(v);
}

function render(): void {
  const shown = view();
  ensureSize(shown);
  document.querySelectorAll<HTMLTableCellElement>("#sheet td").forEach((td) => {
    const s = shown.get(td.dataset.addr!);
    const cls: string[] = [];
    let t = "";
    if (s) {
      if (s.error && !s.busy) {
        t = s.error;
        cls.push("err");
      } else if (s.busy) {
        t = s.value === undefined ? "#BUSY!" : text(s.value);
        cls.push("busy");
      } else {
        const typed = paintTyped(s.value); // Excel data types: formatted numbers, entity cards (typed-cell.ts)
        t = typed ? typed.text : text(s.value);
        if (typed) cls.push(...typed.cls);
        else if (typeof s.value === "number") cls.push("num");
      }
      if (s.anchor) cls.push("anchor");
      if (s.spill) cls.push("spill");
    }
    td.textContent = t;
    td.className = cls.join(" ");
    if (td.dataset.addr === selected) td.classList.add("selected");
    if (s?.error && !s.busy) {
      td.dataset.error = s.error;
      td.dataset.message = s.message ?? "";
    } else {
      delete td.dataset.error;
      delete td.dataset.message;
    }
  });
  renderValueBar(shown);
}

/** The selected cell's full value (or error and message), however narrow its column is. */
function renderValueBar(shown: Map<string, Shown>): void {
  const s = shown.get(selected);
  const bar = $("value");
  if (!s) bar.textContent = "";
  else if (s.error && !s.busy) bar.textContent = `${s.error}${s.message ? ` — ${s.message}` : ""}`;
  else bar.textContent = s.busy && s.value === undefined ? "#BUSY! (calculating)" : (typedText(s.value) ?? text(s.value)); // a data type shows as its cell does
  bar.dataset.addr = selected;
}

function renderStats(): void {
  const w = book();
  const el = $("stats");
  if (!w) return;
  const s = w.__svcHost!.engine.stats();
  const quota = s.quota_remaining === null ? "?" : String(s.quota_remaining);
  el.textContent = `API calls ${s.calls} · cache hits ${s.cache_hits} · coalesced ${s.coalesced} · retries ${s.retries} · quota left ${quota}`;
  el.dataset.calls = String(s.calls);
}

// ------------------------------------------------------------------ editing

async function commit(address: string, raw: string): Promise<void> {
  const w = await whenBookReady();
  const pending = w.__fakeExcel!.setFormula(full(address), raw.trim());
  render();
  await pending;
  render();
  renderStats();
}

/** Select a cell here and in the fake host (the pane's Insert writes at the host's active cell). */
function select(a: string, tellHost = true): void {
  selected = a;
  $("name").textContent = a;
  const w = book();
  const f = w ? w.__fakeExcel!.formulaAt(full(a)) : "";
  ($("fx") as HTMLInputElement).value = f === null || f === undefined ? "" : String(f);
  if (tellHost && w) w.__fakeExcel!.select(full(a));
  render();
}

function move(dr: number, dc: number): void {
  const [r, c] = parseAddr(selected);
  select(addr(Math.max(0, r + dr), Math.max(0, c + dc)));
}

/** Fixed table layout needs the table's own width: the row header plus every column. */
function fitTable(): void {
  let total = 40;
  for (let c = 0; c < cols; c++) total += widths.get(c) ?? DEFAULT_WIDTH;
  ($("sheet") as HTMLTableElement).style.width = `${total}px`;
}

function setWidth(c: number, px: number): void {
  const w = Math.max(32, Math.min(900, Math.round(px)));
  widths.set(c, w);
  const col = document.getElementById(`col-${c}`) as HTMLTableColElement | null;
  if (col) col.style.width = `${w}px`;
  fitTable();
}

function wire(): void {
  const fx = $("fx") as HTMLInputElement;
  const sheet = $("sheet");
  sheet.addEventListener("click", (ev) => {
    const td = (ev.target as HTMLElement).closest("td");
    if (td?.dataset.addr) {
      select(td.dataset.addr);
      fx.focus();
    }
  });
  // Widen a column by dragging the grip at its header's right edge.
  sheet.addEventListener("mousedown", (ev) => {
    const grip = (ev.target as HTMLElement).closest<HTMLElement>(".grip");
    if (!grip) return;
    ev.preventDefault();
    const c = Number(grip.dataset.col);
    const startX = ev.clientX;
    const start = widths.get(c) ?? DEFAULT_WIDTH;
    const moveTo = (e: MouseEvent) => setWidth(c, start + e.clientX - startX);
    const up = () => {
      window.removeEventListener("mousemove", moveTo);
      window.removeEventListener("mouseup", up);
    };
    window.addEventListener("mousemove", moveTo);
    window.addEventListener("mouseup", up);
  });
  sheet.addEventListener("dblclick", (ev) => {
    const grip = (ev.target as HTMLElement).closest<HTMLElement>(".grip");
    if (grip) setWidth(Number(grip.dataset.col), 240);
  });
  fx.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter") {
      ev.preventDefault();
      const a = selected;
      void commit(a, fx.value);
      move(1, 0);
    } else if (ev.key === "Escape") {
      select(selected, false);
    } else if (ev.key === "Tab") {
      ev.preventDefault();
      void commit(selected, fx.value);
      move(0, 1);
    } else if (ev.altKey && (ev.key === "ArrowRight" || ev.key === "ArrowLeft")) {
      ev.preventDefault();
      const c = parseAddr(selected)[1];
      setWidth(c, (widths.get(c) ?? DEFAULT_WIDTH) + (ev.key === "ArrowRight" ? 24 : -24));
    }
  });
  $("recalc").addEventListener("click", async () => {
    const w = await whenBookReady();
    await w.Excel!.run(async (ctx) => {
      ctx.application.calculate(w.Excel!.CalculationType.full);
      await ctx.sync();
    });
  });
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
  wireEntityCards(sheet);
}

async function main(): Promise<void> {
  buildGrid();
  wire();
  const w = await whenBookReady();
  select("B2");
  let scheduled = false;
  const redraw = () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      render();
      renderStats();
    });
  };
  // Edits (the pane's Insert, Freeze, Unfreeze), recalculations and selections made by the pane.
  w.__fakeExcel!.onEvent((e) => {
    if (e.type === "select" && e.address && e.address.startsWith(`${SHEET}!`)) {
      const a = e.address.slice(SHEET.length + 1).split(":")[0];
      if (a !== selected) select(a, false);
      return;
    }
    if (e.type === "cell" || e.type === "edit") {
      if (e.type === "edit" && e.address === full(selected)) select(selected, false);
      redraw();
    }
  });
  w.__svcHost!.engine.onChange?.(() => renderStats());
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
