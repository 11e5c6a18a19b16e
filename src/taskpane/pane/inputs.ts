/**
 * Inputs generated from the catalogue's parameter specs: enum → select, boolean → checkbox,
 * integer/number → number input with the spec's min/max, text → text input with its max length.
 * Bounds are read from the spec, never restated.
 */
import { ParamSpec } from "../../api";
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

interface InputOpts {
  id: string;
  label: string;
  numberOrText?: boolean;
}

/** A ParamInput around `node` that fires its listeners when `fire` is called. */
type Made = (p: ParamSpec, o: InputOpts, fire: () => void) => Omit<ParamInput, "onInput">;

const enumInput: Made = (p, o, fire) => {
  const sel = el("select", { className: "svc-input", attrs: { id: o.id, name: p.name } });
  const d = defaultText(p);
  sel.appendChild(el("option", { text: d ? `(default: ${d})` : "(none)", attrs: { value: "" } }));
  for (const v of p.values ?? []) sel.appendChild(el("option", { text: v, attrs: { value: v } }));
  sel.addEventListener("change", fire);
  return { node: field(o.label, sel, p.description), read: () => (sel.value === "" ? null : sel.value) };
};

const booleanInput: Made = (p, o, fire) => {
  const dflt = p.default === true;
  const box = el("input", { className: "svc-checkbox", attrs: { id: o.id, name: p.name, type: "checkbox" } });
  box.checked = dflt;
  box.addEventListener("change", fire);
  const row = el("div", "svc-field svc-field-check");
  const lab = el("label", { className: "svc-label", attrs: { for: o.id } });
  lab.appendChild(box);
  lab.appendChild(document.createTextNode(` ${o.label}`));
  row.appendChild(lab);
  row.appendChild(el("div", { className: "svc-hint", text: p.description }));
  // Only a change from the API's default is written (an untouched box leaves the argument out).
  return { node: row, read: () => (box.checked === dflt ? null : box.checked) };
};

const numberInput: Made = (p, o, fire) => {
  const attrs: Record<string, string> = { id: o.id, name: p.name, type: "number", inputmode: p.type === "integer" ? "numeric" : "decimal" };
  attrs.step = p.type === "integer" ? "1" : "any";
  if (p.min !== undefined) attrs.min = String(p.min);
  if (p.max !== undefined) attrs.max = String(p.max);
  const d = defaultText(p);
  if (d) attrs.placeholder = d;
  const input = el("input", { className: "svc-input", attrs });
  input.addEventListener("input", fire);
  const read = (): ArgValue => {
    const t = input.value.trim();
    if (t === "") return null;
    const n = Number(t);
    return Number.isFinite(n) ? n : t;
  };
  return { node: field(o.label, input, p.description), read };
};

const textInput: Made = (p, o, fire) => {
  const attrs: Record<string, string> = { id: o.id, name: p.name, type: "text", autocomplete: "off", spellcheck: "false" };
  if (p.maxLength !== undefined && !p.list) attrs.maxlength = String(p.maxLength);
  const d = defaultText(p);
  if (d) attrs.placeholder = d;
  const input = el("input", { className: "svc-input", attrs });
  input.addEventListener("input", fire);
  const hint = p.list ? `${p.description} (separate several with commas)` : p.description;
  return { node: field(o.label, input, hint), read: () => textArg(input.value, o.numberOrText) };
};

/** Which input each parameter type gets. */
const INPUTS: Readonly<Record<ParamSpec["type"], Made>> = {
  enum: enumInput,
  boolean: booleanInput,
  integer: numberInput,
  number: numberInput,
  string: textInput,
};

export function paramInput(p: ParamSpec, opts: { idPrefix: string; numberOrText?: boolean; label?: string }): ParamInput {
  const listeners: Array<() => void> = [];
  const fire = (): void => listeners.forEach((l) => l());
  const label = opts.label ?? (p.required ? `${p.name} (required)` : p.name);
  const made = INPUTS[p.type](p, { id: `${opts.idPrefix}-${p.name}`, label, numberOrText: opts.numberOrText }, fire);
  return { ...made, onInput: (l) => listeners.push(l) };
}
