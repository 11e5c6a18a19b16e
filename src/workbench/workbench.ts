/**
 * The workbench: a development page that emulates a sheet around the REAL add-in page. The task
 * pane iframe loads dist/taskpane.html (the production bundle) with the fake Office host in place
 * of office.js; this page types SVC formulas into cells, asks the fake host to invoke them like
 * Excel does, and renders spills, errors (message on hover) and the engine's call counter.
 * Never referenced by the manifest; served only by `npm start` and the browser tests.
 */
import { parseFormula, FormulaSyntaxError } from "../cli/formula";
import { paintTyped, wireEntityCards } from "./typed-cell";

interface CellResult {
  value?: unknown;
  error?: string;
  message?: string | null;
}
interface FakeExcel {
  enter(address: string, id: string, args: unknown[]): Promise<CellResult>;
  clearCell(address: string): void;
  cells(): Array<{ address: string; result?: CellResult; state?: string }>;
  onEvent(l: (e: { type: string; address?: string }) => void): void;
  ids(): string[];
}
interface Stats {
  calls: number;
  cache_hits: number;
  coalesced: number;
  retries: number;
  quota_remaining: number | null;
  pending?: number;
}
interface BookWindow extends Window {
  __fakeExcel?: FakeExcel;
  __svcHost?: { engine: { stats(): Stats; onChange?(l: (s: Stats) => void): () => void } };
  Excel?: { run(cb: (ctx: { application: { calculate(t: string): void }; sync(): Promise<void> }) => Promise<void>): Promise<void>; CalculationType: { full: string } };
}

const COLS = 14;
const ROWS = 60;
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

/** What the user typed, per address ("B2"). */
const inputs = new Map<string, string>();
/** Latest result per formula address. */
const results = new Map<string, CellResult & { state: "busy" | "done" }>();
let selected = "B2";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const colName = (c: number) => String.fromCharCode(65 + c);
const addr = (r: number, c: number) => `${colName(c)}${r + 1}`;
function parseAddr(a: string): [number, number] {
  const m = /^([A-Z])(\d+)$/.exec(a)!;
  return [Number(m[2]) - 1, m[1].charCodeAt(0) - 65];
}

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

function buildGrid(): void {
  const t = $("sheet") as HTMLTableElement;
  const head = t.createTHead().insertRow();
  head.appendChild(document.createElement("th")).className = "row";
  for (let c = 0; c < COLS; c++) head.appendChild(document.createElement("th")).textContent = colName(c);
  const body = t.createTBody();
  for (let r = 0; r < ROWS; r++) {
    const tr = body.insertRow();
    const th = tr.appendChild(document.createElement("th"));
    th.className = "row";
    th.textContent = String(r + 1);
    for (let c = 0; c < COLS; c++) {
      const td = tr.insertCell();
      td.id = `cell-${addr(r, c)}`;
      td.dataset.addr = addr(r, c);
    }
  }
}

interface Painted {
  text: string;
  cls: string[];
  error?: { code: string; message?: string | null };
}

function display(v: unknown): Painted {
  if (v && typeof v === "object" && "error" in (v as object)) {
    const e = v as { error: string; message?: string | null };
    return { text: e.error, cls: ["err"], error: { code: e.error, message: e.message } };
  }
  if (v === null || v === undefined) return { text: "", cls: [] };
  const typed = paintTyped(v); // Excel data types: formatted numbers, entity cards (typed-cell.ts)
  if (typed) return typed;
  if (typeof v === "number") return { text: Number.isInteger(v) ? String(v) : String(Number(v.toFixed(6))), cls: ["num"] };
  if (typeof v === "boolean") return { text: v ? "TRUE" : "FALSE", cls: [] };
  return { text: String(v), cls: [] };
}

function render(): void {
  const paint = new Map<string, Painted>();
  // Typed constants first; formulas claim their spill ranges in reading order.
  for (const [a, raw] of inputs) if (!raw.startsWith("=")) paint.set(a, display(raw));
  const formulas = [...inputs.keys()].filter((a) => inputs.get(a)!.startsWith("=")).sort((x, y) => {
    const [rx, cx] = parseAddr(x);
    const [ry, cy] = parseAddr(y);
    return rx - ry || cx - cy;
  });
  for (const a of formulas) {
    const res = results.get(a);
    const [r0, c0] = parseAddr(a);
    if (!res || res.state === "busy") {
      paint.set(a, { text: "#BUSY!", cls: ["busy", "anchor"] });
      continue;
    }
    if (res.error) {
      paint.set(a, { ...display(res), cls: ["err", "anchor"] });
      continue;
    }
    const grid = Array.isArray(res.value) ? (res.value as unknown[][]) : [[res.value]];
    const blocked = grid.some((row, i) =>
      row.some((_, j) => {
        if (i === 0 && j === 0) return false;
        const t = r0 + i < ROWS && c0 + j < COLS ? addr(r0 + i, c0 + j) : null;
        return t === null || inputs.has(t) || paint.has(t);
      })
    );
    if (blocked) {
      paint.set(a, { text: "#SPILL!", cls: ["err", "anchor"], error: { code: "#SPILL!", message: "The spill range isn't blank" } });
      continue;
    }
    grid.forEach((row, i) =>
      row.forEach((v, j) => {
        const p = display(v);
        p.cls.push(i === 0 && j === 0 ? "anchor" : "spill");
        paint.set(addr(r0 + i, c0 + j), p);
      })
    );
  }
  document.querySelectorAll<HTMLTableCellElement>("#sheet td").forEach((td) => {
    const p = paint.get(td.dataset.addr!);
    td.textContent = p ? p.text : "";
    td.className = p ? p.cls.join(" ") : "";
    if (td.dataset.addr === selected) td.classList.add("selected");
    if (p?.error) {
      td.dataset.error = p.error.code;
      td.dataset.message = p.error.message ?? "";
    } else {
      delete td.dataset.error;
      delete td.dataset.message;
    }
  });
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
  const text = raw.trim();
  const w = await whenBookReady();
  w.__fakeExcel!.clearCell(`Sheet1!${address}`);
  results.delete(address);
  if (text === "") {
    inputs.delete(address);
    render();
    return;
  }
  inputs.set(address, text);
  if (!text.startsWith("=")) {
    render();
    return;
  }
  let parsed;
  try {
    parsed = parseFormula(text);
  } catch (e) {
    const msg = e instanceof FormulaSyntaxError ? e.message : String(e);
    results.set(address, { state: "done", error: "#NAME?", message: `Not an SVC formula: ${msg}` });
    render();
    return;
  }
  results.set(address, { state: "busy" });
  render();
  const r = await w.__fakeExcel!.enter(`Sheet1!${address}`, parsed.fn, parsed.args);
  if (inputs.get(address) === text) results.set(address, { ...r, state: "done" });
  render();
  renderStats();
}

function select(a: string): void {
  selected = a;
  $("name").textContent = a;
  ($("fx") as HTMLInputElement).value = inputs.get(a) ?? "";
  render();
}

function move(dr: number, dc: number): void {
  const [r, c] = parseAddr(selected);
  select(addr(Math.min(ROWS - 1, Math.max(0, r + dr)), Math.min(COLS - 1, Math.max(0, c + dc))));
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
  fx.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter") {
      ev.preventDefault();
      const a = selected;
      void commit(a, fx.value);
      move(1, 0);
    } else if (ev.key === "Escape") {
      fx.value = inputs.get(selected) ?? "";
    } else if (ev.key === "Tab") {
      ev.preventDefault();
      void commit(selected, fx.value);
      move(0, 1);
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
  select("B2");
  const w = await whenBookReady();
  // A full recalculation started by the pane (or the button) re-invokes cells: show the new results.
  w.__fakeExcel!.onEvent((e) => {
    if (e.type !== "cell" || !e.address) return;
    const a = e.address.replace(/^Sheet1!/, "");
    const cell = w.__fakeExcel!.cells().find((c) => c.address === e.address);
    if (!cell || !inputs.has(a)) return;
    results.set(a, cell.state === "done" && cell.result ? { ...cell.result, state: "done" } : { state: "busy" });
    render();
    renderStats();
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
