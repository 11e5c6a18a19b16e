/**
 * DOM helpers for the pane. Everything is built with createElement and textContent: API text is
 * never parsed as HTML, and nothing sets inline styles or handlers (strict CSP);
 * looks come from classes in pane.css.
 */

type Child = Node | string | null | undefined | false;

export interface ElOptions {
  className?: string;
  text?: string;
  attrs?: Record<string, string>;
}

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  opts: ElOptions | string = {},
  children: readonly Child[] = []
): HTMLElementTagNameMap[K] {
  const o: ElOptions = typeof opts === "string" ? { className: opts } : opts;
  const node = document.createElement(tag);
  if (o.className) node.className = o.className;
  if (o.attrs) for (const [k, v] of Object.entries(o.attrs)) node.setAttribute(k, v);
  if (o.text !== undefined) node.textContent = o.text;
  append(node, children);
  return node;
}

export function append(parent: Node, children: readonly Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    parent.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
  }
}

export function clear(node: Node): void {
  while (node.firstChild) node.removeChild(node.firstChild);
}

/** A Fluent button (fluent-button: keyboard, focus ring and role come with the element). */
export type Btn = HTMLElement & { disabled: boolean };

export function button(text: string, onClick: () => void, className = "svc-button"): Btn {
  const b = document.createElement("fluent-button") as Btn;
  b.className = className;
  b.textContent = text;
  b.setAttribute("type", "button");
  b.setAttribute("size", className.includes("svc-small") ? "small" : "medium");
  if (className.includes("svc-primary")) b.setAttribute("appearance", "primary");
  b.addEventListener("click", (ev) => {
    ev.preventDefault();
    if (b.disabled || b.hasAttribute("disabled")) return;
    onClick();
  });
  return b;
}

/** Enable or disable a Fluent button (property when upgraded, attribute either way). */
export function setDisabled(b: Btn, disabled: boolean): void {
  b.disabled = disabled;
  b.toggleAttribute("disabled", disabled);
}

/** A section of the pane: a heading and a body. */
export function section(id: string, title: string): { root: HTMLElement; body: HTMLElement } {
  const root = el("section", { className: "svc-section", attrs: { "aria-labelledby": `${id}-title`, "data-section": id } });
  const heading = el("h2", { className: "svc-section-title", text: title, attrs: { id: `${id}-title` } });
  const body = el("div", "svc-section-body");
  append(root, [heading, body]);
  return { root, body };
}

/** A labelled form row. */
export function field(label: string, input: HTMLElement, hint?: string): HTMLElement {
  const id = input.id || `svc-f-${Math.random().toString(36).slice(2, 10)}`;
  input.id = id;
  const row = el("div", "svc-field");
  const lab = el("label", { className: "svc-label", text: label, attrs: { for: id } });
  append(row, [lab, input]);
  if (hint) append(row, [el("div", { className: "svc-hint", text: hint })]);
  return row;
}

export type MessageKind = "info" | "busy" | "ok" | "error" | "warn";

/** A line that reports how an action went (role=status so screen readers hear it). */
export class StatusLine {
  readonly node: HTMLElement;
  constructor(className = "svc-status") {
    this.node = el("p", { className, attrs: { role: "status", "aria-live": "polite" } });
    this.node.hidden = true;
  }
  show(kind: MessageKind, text: string): void {
    this.node.hidden = false;
    this.node.className = `svc-status svc-status-${kind}`;
    this.node.textContent = text;
  }
  hide(): void {
    this.node.hidden = true;
    this.node.textContent = "";
  }
}
