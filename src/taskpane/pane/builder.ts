/**
 * Section 4: the formula builder. Pick an SVC function, fill its arguments (inputs generated from
 * the catalogue's parameter specs), see the formula with Excel's quoting, copy it or insert it into
 * the selected cell. Arguments the API would reject are flagged here, before any cell calls it.
 */
import { TOOLS, TOOL_NAMES, ToolName } from "../../api/catalogue";
import { RawParams, validateParams } from "../../api/validate";
import { isSvcError } from "../../api/errors";
import { append, clear, el, field, section } from "./dom";
import { formulaBox } from "./common";
import { ArgValue, argSpecs, formulaText } from "./formula";
import { ParamInput, paramInput } from "./inputs";
import { PaneContext } from "./types";

/** The argument values as API parameters, for local validation (null when they do not map 1:1). */
function asParams(tool: ToolName, names: readonly string[], values: readonly ArgValue[]): RawParams | null {
  if (tool === "get_financials") return null; // period and metrics go through the function's own grammar
  const raw: RawParams = {};
  names.forEach((n, i) => {
    if (n === "options" || !TOOLS[tool].params.some((p) => p.name === n)) return;
    if (values[i] !== null && values[i] !== undefined) raw[n] = values[i];
  });
  return raw;
}

export function builderSection(ctx: PaneContext): HTMLElement {
  const { root, body } = section("svc-builder", "Formula builder");
  const pick = el("select", { className: "svc-input", attrs: { id: "svc-builder-fn", name: "fn" } });
  const tools = [...TOOL_NAMES].sort((a, b) => TOOLS[a].fn.localeCompare(TOOLS[b].fn));
  for (const t of tools) pick.appendChild(el("option", { text: `SVC.${TOOLS[t].fn}`, attrs: { value: t } }));
  const description = el("p", "svc-hint");
  const args = el("div", "svc-args");
  const problem = el("p", { className: "svc-status svc-status-warn", attrs: { role: "status" } });
  problem.hidden = true;
  const box = formulaBox(ctx);
  append(body, [field("Function", pick), description, args, problem, box.node]);

  let inputs: ParamInput[] = [];
  let names: string[] = [];

  const update = (): void => {
    const tool = pick.value as ToolName;
    const values = inputs.map((i) => i.read());
    box.set(formulaText(TOOLS[tool].fn, values));
    const raw = asParams(tool, names, values);
    let message = "";
    if (raw) {
      try {
        validateParams(tool, raw);
      } catch (e) {
        message = isSvcError(e) ? e.detail : "";
      }
    }
    problem.textContent = message;
    problem.hidden = message === "";
  };

  const choose = (): void => {
    const tool = pick.value as ToolName;
    description.textContent = TOOLS[tool].description;
    clear(args);
    const specs = argSpecs(tool);
    names = specs.map((s) => s.name);
    inputs = specs.map((s) => paramInput(s.param, { idPrefix: `svc-builder-${tool}`, numberOrText: s.numberOrText }));
    for (const i of inputs) {
      args.appendChild(i.node);
      i.onInput(update);
    }
    update();
  };

  pick.addEventListener("change", choose);
  pick.value = "get_financials";
  choose();
  return root;
}
