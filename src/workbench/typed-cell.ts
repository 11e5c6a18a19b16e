/**
 * Typed values (Excel data types) in the workbench's sheet: a formatted number shows as Excel
 * would show it (dates, percents, thousands separators), an entity shows its text, and hovering an
 * entity cell opens its card (properties, source link, provider). Untrusted text stays text.
 */
import { displayText } from "../shape";
import { safeExternalUrl } from "../shape";
import { EntityValue, isTypedValue } from "../shape";

const ICON = "\u25A4 "; // ▤ marks a cell holding a card

/** How the sheet paints a typed value (an entity with its card, for the grid to keep); null for a plain value. */
export function paintTyped(v: unknown): { text: string; cls: string[]; entity?: EntityValue } | null {
  if (!isTypedValue(v)) return null;
  if (v.type === "Double") return { text: displayText(v), cls: ["num"] };
  return { text: ICON + v.text, cls: ["entity"], entity: v };
}

/** The text a typed value shows (null for a plain value): for a sheet that paints text and classes separately. */
export function typedText(v: unknown): string | null {
  return paintTyped(v)?.text ?? null;
}

function line(label: string, value: string, href?: string): HTMLElement {
  const row = document.createElement("div");
  const k = document.createElement("span");
  k.textContent = `${label}: `;
  k.style.color = "#605e5c";
  row.append(k);
  const safe = safeExternalUrl(href);
  if (safe) {
    const a = document.createElement("a");
    a.href = safe;
    a.target = "_blank";
    a.rel = "noopener noreferrer";
    a.textContent = value;
    row.append(a);
  } else row.append(document.createTextNode(value));
  return row;
}

/** The card of an entity: title, its properties (formatted), and the provider attribution. */
export function cardElement(e: EntityValue): HTMLElement {
  const card = document.createElement("div");
  card.className = "svc-card";
  Object.assign(card.style, { position: "fixed", zIndex: "20", background: "#fff", border: "1px solid #c8c6c4", borderRadius: "6px", boxShadow: "0 6px 18px rgba(0,0,0,.18)", padding: "10px 12px", maxWidth: "380px", maxHeight: "420px", overflow: "auto", font: "12px 'Segoe UI', system-ui, sans-serif" });
  const title = document.createElement("div");
  const name = e.properties.name;
  title.textContent = name && name.type === "String" ? name.basicValue : e.text;
  Object.assign(title.style, { fontWeight: "600", fontSize: "14px", marginBottom: "6px" });
  card.append(title);
  for (const [k, p] of Object.entries(e.properties)) {
    if (k === "name") continue;
    const text = p.type === "Double" ? displayText(p) : p.type === "Boolean" ? (p.basicValue ? "TRUE" : "FALSE") : p.basicValue;
    const shown = text.length > 160 ? text.slice(0, 159) + "\u2026" : text;
    card.append(line(k, shown, k === "check_link" ? text : undefined));
  }
  if (e.provider) {
    const foot = line("Data", e.provider.description, e.provider.logoTargetAddress);
    Object.assign(foot.style, { marginTop: "6px", borderTop: "1px solid #edebe9", paddingTop: "4px" });
    card.append(foot);
  }
  return card;
}

/** Open an entity cell's card while the pointer is over it (or the cell is clicked). */
export function wireEntityCards(sheet: HTMLElement, cardOf: (cellId: string) => EntityValue | undefined): void {
  let open: HTMLElement | null = null;
  const close = () => {
    open?.remove();
    open = null;
  };
  const show = (ev: Event) => {
    const td = (ev.target as HTMLElement).closest("td");
    const e = td?.classList.contains("entity") ? cardOf(td.id) : undefined;
    if (!td || !e) return close();
    if (open?.dataset.for === td.id) return;
    close();
    open = cardElement(e);
    open.dataset.for = td.id;
    const r = td.getBoundingClientRect();
    open.style.left = `${r.left}px`;
    open.style.top = `${r.bottom + 4}px`;
    document.body.append(open);
  };
  sheet.addEventListener("mousemove", show);
  sheet.addEventListener("click", show);
  sheet.addEventListener("mouseleave", close);
}
