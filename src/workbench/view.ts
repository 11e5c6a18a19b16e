/**
 * What the grid shows of the current sheet, kept in step with the host incrementally: after an
 * edit or a result, only the cells the host reports as changed (its display journal,
 * __fakeExcel.shownSince) are repainted; a sheet switch or a grid that had to grow repaints all.
 */
import { contains, Rect } from "../recalc";
import type { FakeExcel } from "./book";
import type { Shown } from "../fake-office/display";
import { errorMessage } from "./cell-text";
import { Grid, addr, parseAddr, text } from "./grid";
import { typedText } from "./typed-cell";

const local = (a: string) => a.slice(a.lastIndexOf("!") + 1);

/** A #NAME? from a misspelt SVC function says which one was meant (did you mean). */
function explained(fx: FakeExcel, address: string, s: Shown): Shown {
  return s.error === "#NAME?" ? { ...s, message: errorMessage(s.error, s.message, fx.formulaAt(address)) } : s;
}

export class SheetView {
  sheet = "Sheet1";
  /** The active cell. */
  selected = "B2";
  /** The selected range (the active cell inside it). */
  range: Rect = { r0: 1, c0: 1, r1: 1, c1: 1 };
  private version = 0;
  private cache = new Map<string, Shown>();
  private maxR = 0;
  private maxC = 0;

  constructor(
    readonly grid: Grid,
    private readonly bar: HTMLElement
  ) {}

  private grow(a: string): void {
    const [r, c] = parseAddr(a);
    this.maxR = Math.max(this.maxR, r);
    this.maxC = Math.max(this.maxC, c);
  }

  private fits(): boolean {
    const [sr, sc] = parseAddr(this.selected);
    return !this.grid.ensure(Math.max(this.maxR, sr), Math.max(this.maxC, sc));
  }

  /** Repaint everything from the host (sheet switch, first draw). */
  full(fx: FakeExcel): void {
    this.version = fx.version();
    this.cache = new Map(fx.shown(this.sheet).map(([a, s]) => [local(a), explained(fx, a, s)]));
    this.maxR = 0;
    this.maxC = 0;
    for (const a of this.cache.keys()) this.grow(a);
    this.fits();
    this.paintAll();
  }

  /** Repaint what changed since the last draw. */
  update(fx: FakeExcel): void {
    const changed = fx.shownSince(this.version, this.sheet);
    this.version = changed.version;
    if (changed.full) return this.full(fx);
    const touched: string[] = [];
    for (const [a, s] of changed.cells) {
      const l = local(a);
      if (s) {
        this.cache.set(l, explained(fx, a, s));
        this.grow(l);
      } else this.cache.delete(l);
      touched.push(l);
    }
    if (!this.fits()) return this.paintAll();
    for (const a of touched) this.paint(a);
    this.valueBar();
  }

  paintAll(): void {
    document.querySelectorAll<HTMLTableCellElement>("#sheet td").forEach((td) => {
      const a = td.dataset.addr ?? "";
      this.paint(a);
    });
    this.valueBar();
  }

  private paint(a: string): void {
    const [r, c] = parseAddr(a);
    const b = this.range;
    const inRange = contains(b, r, c);
    const multi = b.r1 > b.r0 || b.c1 > b.c0;
    this.grid.paint(a, this.cache.get(a), { active: a === this.selected, inRange: inRange && multi, corner: r === b.r1 && c === b.c1 });
  }

  private paintBox(b: Rect): void {
    for (let r = b.r0; r <= b.r1; r++) for (let c = b.c0; c <= b.c1; c++) this.paint(addr(r, c));
  }

  /** Move the outline to `a` with `range` selected (the grid grows when the selection nears its edge). */
  select(a: string, range?: Rect): void {
    const old = this.selected;
    const oldRange = this.range;
    const [r, c] = parseAddr(a);
    this.selected = a;
    this.range = range ?? { r0: r, c0: c, r1: r, c1: c };
    if (!this.fits()) return this.paintAll();
    this.paint(old);
    this.paintBox(oldRange);
    this.paintBox(this.range);
    this.valueBar();
  }

  /** The selected cell's full value (or error and message), however narrow its column is. */
  valueBar(): void {
    const s = this.cache.get(this.selected);
    if (!s) this.bar.textContent = "";
    else if (s.error && !s.busy) this.bar.textContent = `${s.error}${s.message ? ` — ${s.message}` : ""}`;
    else {
      const shown = s.busy && s.value === undefined ? "#BUSY! (calculating)" : (typedText(s.value) ?? text(s.value)); // a data type shows as its cell does
      this.bar.textContent = s.unverified ? `${shown} — unverified: ${s.unverified}` : shown;
    }
    this.bar.dataset.addr = this.selected;
  }
}
