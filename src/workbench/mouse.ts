/**
 * The mouse on the grid, as in Excel: a click selects a cell (Shift+click extends from the active
 * cell), a drag selects a range, and dragging the fill handle (the square at the selection's
 * corner) down or right fills the cells it passes over.
 */
import { parseAddr } from "./grid";
import type { Rect } from "../recalc";
import type { SheetView } from "./view";

export interface MouseTarget {
  view: SheetView;
  grid: HTMLElement;
  select(a: string, range?: Rect): void;
  /** Fill `target` from `source` (the selection before the drag). */
  fillTo(source: Rect, target: Rect): void;
}

const boxOf = (a: [number, number], b: [number, number]): Rect => ({ r0: Math.min(a[0], b[0]), c0: Math.min(a[1], b[1]), r1: Math.max(a[0], b[0]), c1: Math.max(a[1], b[1]) });
const cellUnder = (ev: MouseEvent) => (ev.target as HTMLElement).closest<HTMLElement>("td")?.dataset.addr ?? null;

/** The range a fill handle dragged to `to` covers: the selection extended down or right, whichever is further. */
function fillTarget(source: Rect, to: [number, number]): Rect | null {
  const down = to[0] - source.r1;
  const right = to[1] - source.c1;
  if (down <= 0 && right <= 0) return null;
  return down >= right ? { ...source, r1: to[0] } : { ...source, c1: to[1] };
}

export function wireMouse(t: MouseTarget): void {
  let dragging: "select" | "fill" | null = null;
  let start: [number, number] = [0, 0];
  let source: Rect = t.view.range;
  let target: Rect | null = null;

  t.grid.addEventListener("mousedown", (ev) => {
    if ((ev.target as HTMLElement).closest(".grip")) return;
    if ((ev.target as HTMLElement).closest(".fill-handle")) {
      ev.preventDefault();
      dragging = "fill";
      source = t.view.range;
      target = null;
      return;
    }
    const a = cellUnder(ev);
    if (!a) return;
    ev.preventDefault();
    t.grid.focus();
    const anchor = parseAddr(t.view.selected);
    if (ev.shiftKey) return t.select(t.view.selected, boxOf(anchor, parseAddr(a)));
    dragging = "select";
    start = parseAddr(a);
    t.select(a);
  });
  t.grid.addEventListener("mouseover", (ev) => {
    const a = cellUnder(ev);
    if (!a || !dragging) return;
    if (dragging === "select") t.select(t.view.selected, boxOf(start, parseAddr(a)));
    else {
      target = fillTarget(source, parseAddr(a));
      t.select(t.view.selected, target ?? source);
    }
  });
  window.addEventListener("mouseup", () => {
    if (dragging === "fill" && target) t.fillTo(source, target);
    dragging = null;
  });
}
