/**
 * Sheet tabs under the grid, as in Excel: one tab per sheet of the fake workbook (the active one
 * marked), a click switches sheet, a double-click renames it in place (Enter keeps the name,
 * Escape drops it; formulas that refer to the sheet follow), "+" adds one (Sheet3, Sheet4, ...).
 */
import type { FakeExcel } from "./book";

/** Edit a tab's name in place; `rename` returns a problem to show, or null when done. */
function renameInPlace(tab: HTMLElement, name: string, rename: (from: string, to: string) => string | null): void {
  const input = document.createElement("input");
  input.className = "tab-name";
  input.value = name;
  input.setAttribute("aria-label", `New name for sheet ${name}`);
  tab.replaceChildren(input);
  input.focus();
  input.select();
  let done = false;
  const end = (keep: boolean) => {
    if (done) return;
    const problem = keep && input.value !== name ? rename(name, input.value) : null;
    if (problem) {
      input.title = problem;
      input.setCustomValidity(problem);
      input.reportValidity();
      return;
    }
    done = true;
    tab.textContent = keep && !problem ? input.value : name;
  };
  input.addEventListener("keydown", (ev) => {
    ev.stopPropagation();
    if (ev.key === "Enter") end(true);
    else if (ev.key === "Escape") end(false);
  });
  input.addEventListener("blur", () => end(true));
}

export function renderTabs(el: HTMLElement, fx: FakeExcel, current: string, onSwitch: (name: string) => void, rename: (from: string, to: string) => string | null): void {
  const names = fx.sheetNames();
  const shown = Array.from(el.querySelectorAll<HTMLElement>("[data-sheet]"));
  if (shown.length === names.length && shown.every((b, i) => b.dataset.sheet === names[i] && b.textContent === names[i])) {
    // the same tabs: only the selection moves (a tab rebuilt between two clicks would lose the double-click)
    for (const b of shown) b.setAttribute("aria-selected", String(b.dataset.sheet === current));
    return;
  }
  el.replaceChildren();
  for (const name of names) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "tab";
    b.textContent = name;
    b.dataset.sheet = name;
    b.setAttribute("role", "tab");
    b.setAttribute("aria-selected", String(name === current));
    b.addEventListener("click", () => onSwitch(name));
    b.addEventListener("dblclick", () => renameInPlace(b, name, rename));
    b.title = "Double-click to rename";
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
