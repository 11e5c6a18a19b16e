/**
 * Inputs generated from the catalogue's parameter specs: enum → select, boolean → checkbox,
 * integer/number → number input with the spec's min/max, text → text input with its max length.
 * Bounds are read from the spec, never restated.
 */
import { ParamSpec } from "../../api/catalogue";
import { el, field } from "./dom";
import { ArgValue, textArg } from "./formula";

export interface ParamInput {
  node: HTMLElement;
  /** The value the user chose, or null for "leave it to the default". */
  read(): ArgValue;
  onInput(listener: () => void): void;
}

function defaultText(p: ParamSpec): string {
  if (p.default === undefined) return "";
  if (typeof p.default === "boolean") return p.default ? "TRUE" : "FALSE";
  return String(p.default);
}

export function paramInput(p: ParamSpec, opts: { idPrefix: string; numberOrText?: boolean; label?: string }): ParamInput {
  const id = `${opts.idPrefix}-${p.name}`;
  const label = opts.label ?? (p.required ? `${p.name} (required)` : p.name);
  const listeners: Array<() => void> = [];
  const fire = (): void => listeners.forEach((l) => l());

  if (p.type === "enum") {
    const sel = el("select", { className: "svc-input", attrs: { id, name: p.name } });
    const d = defaultText(p);
    sel.appendChild(el("option", { text: d ? `(default: ${d})` : "(none)", attrs: { value: "" } }));
    for (const v of p.values ?? []) sel.appendChild(el("option", { text: v, attrs: { value: v } }));
    sel.addEventListener("change", fire);
    return {
      node: field(label, sel, p.description),
      read: () => (sel.value === "" ? null : sel.value),
      onInput: (l) => listeners.push(l),
    };
  }

  if (p.type === "boolean") {
    const dflt = p.default === true;
    const box = el("input", { className: "svc-checkbox", attrs: { id, name: p.name, type: "checkbox" } });
    box.checked = dflt;
    box.addEventListener("change", fire);
    const row = el("div", "svc-field svc-field-check");
    const lab = el("label", { className: "svc-label", attrs: { for: id } });
    lab.appendChild(box);
    lab.appendChild(document.createTextNode(` ${label}`));
    row.appendChild(lab);
    row.appendChild(el("div", { className: "svc-hint", text: p.description }));
    return {
      node: row,
      // Only a change from the API's default is written (an untouched box leaves the argument out).
      read: () => (box.checked === dflt ? null : box.checked),
      onInput: (l) => listeners.push(l),
    };
  }

  if (p.type === "integer" || p.type === "number") {
    const attrs: Record<string, string> = { id, name: p.name, type: "number", inputmode: p.type === "integer" ? "numeric" : "decimal" };
    attrs.step = p.type === "integer" ? "1" : "any";
    if (p.min !== undefined) attrs.min = String(p.min);
    if (p.max !== undefined) attrs.max = String(p.max);
    const d = defaultText(p);
    if (d) attrs.placeholder = d;
    const input = el("input", { className: "svc-input", attrs });
    input.addEventListener("input", fire);
    return {
      node: field(label, input, p.description),
      read: () => {
        const t = input.value.trim();
        if (t === "") return null;
        const n = Number(t);
        return Number.isFinite(n) ? n : t;
      },
      onInput: (l) => listeners.push(l),
    };
  }

  const attrs: Record<string, string> = { id, name: p.name, type: "text", autocomplete: "off", spellcheck: "false" };
  if (p.maxLength !== undefined && !p.list) attrs.maxlength = String(p.maxLength);
  const d = defaultText(p);
  if (d) attrs.placeholder = d;
  const input = el("input", { className: "svc-input", attrs });
  input.addEventListener("input", fire);
  const hint = p.list ? `${p.description} (separate several with commas)` : p.description;
  return {
    node: field(label, input, hint),
    read: () => textArg(input.value, opts.numberOrText),
    onInput: (l) => listeners.push(l),
  };
}
