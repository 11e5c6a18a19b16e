/**
 * The one pane component for browsing a tool (the screener, each market feed): its inputs in the
 * function's argument order, a button that asks the engine and shows the answer as a table with its
 * notices, and the formula box that puts the same table on the sheet.
 */
import { TOOLS, ToolName } from "../../api";
import type { EngineAnswer } from "../../engine";
import { act, answerView, formulaBox } from "./common";
import { StatusLine, append, button, clear, el } from "./dom";
import { ArgValue, argSpecs, formulaText } from "./formula";
import { paramInput } from "./inputs";
import { PaneContext } from "./types";

/** One argument's input: the value it stands for (a list for list parameters), null for "default". */
export interface PanelInput {
  name: string;
  node: HTMLElement;
  read(): ArgValue | string[];
  onInput(listener: () => void): void;
}

export interface ToolPanelSpec {
  tool: ToolName;
  /** The inputs, in the function's argument order (the formula's arguments). */
  inputs: readonly PanelInput[];
  /** The run button's text, the busy text and the action's name in messages. */
  run: { label: string; busy: string; title: string };
  /** Nodes between the inputs and the run button. */
  extra?: readonly (HTMLElement | null)[];
  /** Why the tool cannot be asked yet (no formula is offered then), or null. */
  missing?: () => string | null;
  /** A heading over the formula box. */
  formulaTitle?: string;
}

/** The inputs of the catalogue parameters of `tool` (bounds, values and hints from the catalogue). */
export function catalogueInputs(tool: ToolName, idPrefix: string, except: readonly string[] = []): PanelInput[] {
  return argSpecs(tool)
    .filter((a) => a.fromCatalogue && !except.includes(a.name))
    .map((a) => ({ name: a.name, ...paramInput(a.param, { idPrefix }) }));
}

const formulaArg = (v: ArgValue | string[]): ArgValue => (Array.isArray(v) ? v.join(",") : v);

/** Fill `wrap` with the panel of `spec`; the nodes appear in reading order. */
export function toolPanel(ctx: PaneContext, wrap: HTMLElement, spec: ToolPanelSpec): void {
  const fn = TOOLS[spec.tool].fn;
  const status = new StatusLine();
  const result = el("div", "svc-result");
  const ready = () => (spec.missing ? spec.missing() : null) === null;
  const args = () => spec.inputs.map((i) => formulaArg(i.read()));
  const box = formulaBox(ctx, () => (ready() ? { fn, args: args() } : null));
  const formula = (): string | null => (ready() ? formulaText(fn, args()) : null);
  const update = (): void => box.set(formula());
  for (const i of spec.inputs) i.onInput(update);

  const run = button(spec.run.label, () => {
    const why = spec.missing ? spec.missing() : null;
    if (why !== null) return status.show("error", why);
    const params: Record<string, unknown> = {};
    for (const i of spec.inputs) {
      const v = i.read();
      if (v !== null && v !== undefined) params[i.name] = v;
    }
    const shown = formula();
    void act(ctx, status, { busy: spec.run.busy, label: spec.run.title }, () => ctx.engine.request(spec.tool, params), (answer: EngineAnswer) => {
      clear(result);
      result.appendChild(answerView(ctx, spec.tool, answer));
      box.set(shown);
      return null;
    }, [run]);
  }, "svc-button svc-primary");

  const formulaNode = spec.formulaTitle
    ? el("div", "svc-formula-wrap", [el("h3", { className: "svc-subtitle", text: spec.formulaTitle }), box.node])
    : box.node;
  append(wrap, [
    el("p", { className: "svc-hint", text: TOOLS[spec.tool].description }),
    ...spec.inputs.map((i) => i.node),
    ...(spec.extra ?? []),
    el("div", "svc-buttons", [run]),
    status.node,
    result,
    formulaNode,
  ]);
  update();
}
