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
import type { Box, SheetView } from "./view";

export interface KeyTarget {
  view: SheetView;
  fx: HTMLInputElement;
  grid: HTMLElement;
  select(a: string, range?: Box): void;
  commit(a: string, raw: string): void;
  clear(range: Box): void;
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

export function wireExcelKeys(t: KeyTarget): void {
  let mode: Mode = "ready";
  let original = "";
  /** The far corner of a Shift-extended selection. */
  let end: [number, number] | null = null;

  const moveBy = (dr: number, dc: number) => {
    const [r, c] = parseAddr(t.view.selected);
    end = null;
    t.select(addr(Math.max(0, r + dr), Math.max(0, c + dc)));
  };
  const extendBy = (dr: number, dc: number) => {
    const [ar, ac] = parseAddr(t.view.selected);
    const [er, ec] = end ?? [ar, ac];
    end = [Math.max(0, er + dr), Math.max(0, ec + dc)];
    t.select(t.view.selected, { r0: Math.min(ar, end[0]), c0: Math.min(ac, end[1]), r1: Math.max(ar, end[0]), c1: Math.max(ac, end[1]) });
  };
  const startEdit = (m: Mode, text: string) => {
    mode = m;
    original = t.editText(t.view.selected);
    t.fx.value = text;
    t.fx.focus();
    t.fx.setSelectionRange(text.length, text.length);
  };
  const finish = (dr: number, dc: number) => {
    const raw = t.fx.value;
    if (raw !== original) {
      const problem = formulaProblem(raw);
      if (problem) return t.problem(problem);
      t.commit(t.view.selected, raw);
    }
    mode = "ready";
    t.problem(null);
    moveBy(dr, dc);
    t.grid.focus();
  };
  const cancel = () => {
    mode = "ready";
    t.problem(null);
    t.fx.value = t.editText(t.view.selected);
    t.grid.focus();
  };

  t.fx.addEventListener("focus", () => {
    if (mode !== "ready") return;
    mode = "edit";
    original = t.editText(t.view.selected);
  });
  t.fx.addEventListener("keydown", (ev) => {
    const arrow = ARROWS[ev.key];
    if (ev.key === "Enter") finish(ev.shiftKey ? -1 : 1, 0);
    else if (ev.key === "Tab") finish(0, ev.shiftKey ? -1 : 1);
    else if (ev.key === "Escape") cancel();
    else if (arrow && mode === "enter") finish(arrow[0], arrow[1]);
    else return;
    ev.preventDefault();
  });
  t.grid.addEventListener("dblclick", (ev) => {
    if ((ev.target as HTMLElement).closest("td")) startEdit("edit", t.editText(t.view.selected));
  });
  t.grid.addEventListener("keydown", (ev) => {
    if (mode !== "ready" && document.activeElement === t.fx) return;
    mode = "ready";
    if (readyKey(ev)) ev.preventDefault();
  });

  function readyKey(ev: KeyboardEvent): boolean {
    const arrow = ARROWS[ev.key];
    const ctrl = ev.ctrlKey || ev.metaKey;
    if (arrow && ev.altKey) t.widen(arrow[1] * 24);
    else if (arrow) (ev.shiftKey ? extendBy : moveBy)(arrow[0], arrow[1]);
    else if (ev.key === "Enter") moveBy(ev.shiftKey ? -1 : 1, 0);
    else if (ev.key === "Tab") moveBy(0, ev.shiftKey ? -1 : 1);
    else if (ev.key === "Delete") t.clear(t.view.range);
    else if (ev.key === "Backspace") startEdit("enter", "");
    else if (ev.key === "F2") startEdit("edit", t.editText(t.view.selected));
    else if (ctrl && (ev.key === "d" || ev.key === "D")) t.fill("down");
    else if (ctrl && (ev.key === "r" || ev.key === "R")) t.fill("right");
    else if (ev.key.length === 1 && !ctrl && !ev.altKey) startEdit("enter", ev.key);
    else return false;
    return true;
  }
}
