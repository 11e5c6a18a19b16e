/**
 * Excel's keys in the workbench. The grid has the focus while nothing is being edited ("Ready"):
 * typing a character replaces the selected cell's content (Enter mode, the text goes to the
 * formula bar), F2 or a double-click edits it in place (Edit mode), Enter / Tab / the arrows move
 * the selection (Shift+Enter / Shift+Tab back, Shift+arrow extends it), Delete clears the
 * selection, Ctrl+D / Ctrl+R fill down / right. In the formula bar, Enter and Tab commit and move,
 * Escape cancels, and in Enter mode an arrow commits and moves too. A malformed formula is refused
 * with Excel's message and stays in the bar to be fixed. A content left as it was is not written
 * again (a frozen value keeps its type).
 */
import { FormulaSyntaxError, parseExpression } from "../formula";
import { parseAddr, addr } from "./grid";
import type { Rect } from "../recalc";
import type { SheetView } from "./view";

export interface KeyTarget {
  view: SheetView;
  fx: HTMLInputElement;
  grid: HTMLElement;
  select(a: string, range?: Rect): void;
  commit(a: string, raw: string): void;
  clear(range: Rect): void;
  fill(direction: "down" | "right"): void;
  editText(a: string): string;
  /** Show Excel's formula message (null hides it). */
  problem(message: string | null): void;
  widen(delta: number): void;
}

type Mode = "ready" | "enter" | "edit";

/** Excel's refusal of a formula it cannot read, or null. */
export function formulaProblem(raw: string): string | null {
  const t = raw.trim();
  if (!t.startsWith("=") || t.length === 1) return null;
  try {
    parseExpression(t.slice(1));
    return null;
  } catch (e) {
    const detail = e instanceof FormulaSyntaxError || e instanceof Error ? e.message : String(e);
    return `There's a problem with this formula. ${detail}`;
  }
}

const ARROWS: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

class ExcelKeys {
  private mode: Mode = "ready";
  private original = "";
  /** The far corner of a Shift-extended selection. */
  private end: [number, number] | null = null;

  constructor(private readonly t: KeyTarget) {}

  moveBy(dr: number, dc: number): void {
    const [r, c] = parseAddr(this.t.view.selected);
    this.end = null;
    this.t.select(addr(Math.max(0, r + dr), Math.max(0, c + dc)));
  }

  extendBy(dr: number, dc: number): void {
    const [ar, ac] = parseAddr(this.t.view.selected);
    const [er, ec] = this.end ?? [ar, ac];
    const end: [number, number] = [Math.max(0, er + dr), Math.max(0, ec + dc)];
    this.end = end;
    this.t.select(this.t.view.selected, { r0: Math.min(ar, end[0]), c0: Math.min(ac, end[1]), r1: Math.max(ar, end[0]), c1: Math.max(ac, end[1]) });
  }

  startEdit(mode: Mode, text: string): void {
    this.mode = mode;
    this.original = this.t.editText(this.t.view.selected);
    this.t.fx.value = text;
    this.t.fx.focus();
    this.t.fx.setSelectionRange(text.length, text.length);
  }

  /** The formula bar got the focus by a click: Edit mode on what the cell holds. */
  barFocused(): void {
    if (this.mode !== "ready") return;
    this.mode = "edit";
    this.original = this.t.editText(this.t.view.selected);
  }

  finish(dr: number, dc: number): void {
    const raw = this.t.fx.value;
    if (raw !== this.original) {
      const problem = formulaProblem(raw);
      if (problem) return this.t.problem(problem);
      this.t.commit(this.t.view.selected, raw);
    }
    this.mode = "ready";
    this.t.problem(null);
    this.moveBy(dr, dc);
    this.t.grid.focus();
  }

  cancel(): void {
    this.mode = "ready";
    this.t.problem(null);
    this.t.fx.value = this.t.editText(this.t.view.selected);
    this.t.grid.focus();
  }

  /** A key in the formula bar; true when handled. */
  barKey(ev: KeyboardEvent): boolean {
    const arrow = ARROWS[ev.key];
    if (ev.key === "Enter") this.finish(ev.shiftKey ? -1 : 1, 0);
    else if (ev.key === "Tab") this.finish(0, ev.shiftKey ? -1 : 1);
    else if (ev.key === "Escape") this.cancel();
    else if (arrow && this.mode === "enter") this.finish(arrow[0], arrow[1]);
    else return false;
    return true;
  }

  /** A key on the grid (Ready mode); true when handled. */
  gridKey(ev: KeyboardEvent): boolean {
    this.mode = "ready";
    const arrow = ARROWS[ev.key];
    const ctrl = ev.ctrlKey || ev.metaKey;
    const t = this.t;
    if (arrow && ev.altKey) t.widen(arrow[1] * 24);
    else if (arrow) (ev.shiftKey ? this.extendBy : this.moveBy).call(this, arrow[0], arrow[1]);
    else if (ev.key === "Enter") this.moveBy(ev.shiftKey ? -1 : 1, 0);
    else if (ev.key === "Tab") this.moveBy(0, ev.shiftKey ? -1 : 1);
    else if (ev.key === "Delete") t.clear(t.view.range);
    else if (ev.key === "Backspace") this.startEdit("enter", "");
    else if (ev.key === "F2") this.startEdit("edit", t.editText(t.view.selected));
    else if (ctrl && (ev.key === "d" || ev.key === "D")) t.fill("down");
    else if (ctrl && (ev.key === "r" || ev.key === "R")) t.fill("right");
    else if (ev.key.length === 1 && !ctrl && !ev.altKey) this.startEdit("enter", ev.key);
    else return false;
    return true;
  }
}

export function wireExcelKeys(t: KeyTarget): void {
  const keys = new ExcelKeys(t);
  t.fx.addEventListener("focus", () => keys.barFocused());
  t.fx.addEventListener("keydown", (ev) => {
    if (keys.barKey(ev)) ev.preventDefault();
  });
  t.grid.addEventListener("dblclick", (ev) => {
    if ((ev.target as HTMLElement).closest("td")) keys.startEdit("edit", t.editText(t.view.selected));
  });
  t.grid.addEventListener("keydown", (ev) => {
    if (keys.gridKey(ev)) ev.preventDefault();
  });
}
