/**
 * Sheet tabs under the grid, as in Excel: one tab per sheet of the fake workbook (the active one
 * marked), a click switches sheet, "+" adds one (Sheet3, Sheet4, ...).
 */
import type { FakeExcel } from "./book";

export function renderTabs(el: HTMLElement, fx: FakeExcel, current: string, onSwitch: (name: string) => void): void {
  el.replaceChildren();
  for (const name of fx.sheetNames()) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "tab";
    b.textContent = name;
    b.dataset.sheet = name;
    b.setAttribute("role", "tab");
    b.setAttribute("aria-selected", String(name === current));
    b.addEventListener("click", () => onSwitch(name));
    el.appendChild(b);
  }
  const add = document.createElement("button");
  add.type = "button";
  add.className = "tab add";
  add.id = "add-sheet";
  add.textContent = "+";
  add.title = "New sheet";
  add.addEventListener("click", () => onSwitch(fx.addSheet()));
  el.appendChild(add);
}
