/**
 * Build tab, "Formula builder": pick an SVC function, fill its arguments (inputs generated from the
 * catalogue's parameter specs; FINANCIALS' metrics from a picker grouped by statement with labels and
 * units), see the formula with Excel's quoting, copy it or insert it at the active cell.
 *
 * A formula is offered (Copy / Insert enabled) only when it passes the same checks a cell would:
 * the functions' own argument mapping (requestsFor: period grammar, metrics of one
 * statement, options) and the engine's validation of every request it makes (plan(...).invalid).
 * Without the engine's planner, the same canonical validation (src/api/canonical.ts) checks them.
 */
import { STATEMENTS, Statement, TOOLS, TOOL_NAMES, ToolName } from "../../api";
import { canonicalise } from "../../api";
import { RawParams } from "../../api";
import { isSvcError } from "../../api";
import { append, clear, el, field, section } from "./dom";
import { formulaBox } from "./common";
import { ArgValue, argSpecs, formulaText } from "./formula";
import { ParamInput, paramInput } from "./inputs";
import { metricLabel } from "./metrics";
import { seriesNamer } from "./series";
import { PaneContext } from "./types";

const STATEMENT_LABEL: Readonly<Record<Statement, string>> = { income: "Income statement", balance: "Balance sheet", cash_flow: "Cash flow" };

/** The argument values as API parameters, for local validation (null when they do not map 1:1). */
function asParams(tool: ToolName, names: readonly string[], values: readonly ArgValue[]): RawParams | null {
  if (tool === "get_financials") return null;
  const raw: RawParams = {};
  names.forEach((n, i) => {
    if (n === "options" || !TOOLS[tool].params.some((p) => p.name === n)) return;
    if (values[i] !== null && values[i] !== undefined) raw[n] = values[i];
  });
  return raw;
}

function message(e: unknown): string {
  return isSvcError(e) ? e.detail : String((e as Error)?.message ?? e);
}

/** Why the formula would fail in a cell ("" when it would not), by the cell's own rules. */
export async function formulaProblem(ctx: PaneContext, tool: ToolName, names: readonly string[], values: readonly ArgValue[]): Promise<string> {
  const required = argSpecs(tool).filter((a) => a.param.required || (tool === "get_financials" && a.name === "metrics"));
  for (const r of required) {
    const v = values[names.indexOf(r.name)];
    if (v === null || v === undefined || v === "") return `${r.name} is required`;
  }
  if (ctx.requestsFor) {
    try {
      const reqs = ctx.requestsFor(TOOLS[tool].fn, values.map((v) => (v === undefined ? null : v)));
      if (ctx.engine.plan) {
        const plan = await ctx.engine.plan(reqs);
        return plan.invalid.length ? plan.invalid[0].message : "";
      }
      for (const r of reqs) canonicalise(r.tool, r.params);
      return "";
    } catch (e) {
      return message(e);
    }
  }
  const raw = asParams(tool, names, values);
  if (!raw) return "";
  try {
    canonicalise(tool, raw);
    return "";
  } catch (e) {
    return message(e);
  }
}

/** FINANCIALS' metric picker: keys by statement with labels and units; picking adds to the list. */
function metricPicker(ctx: PaneContext, target: ParamInput): HTMLElement {
  const sel = el("select", { className: "svc-input", attrs: { id: "svc-builder-metric-pick", name: "metric-pick" } });
  sel.appendChild(el("option", { text: "Add a metric…", attrs: { value: "" } }));
  for (const s of STATEMENTS) {
    const group = el("optgroup", { attrs: { label: STATEMENT_LABEL[s] } });
    for (const key of ctx.metrics.financialMetrics(s)) group.appendChild(el("option", { text: metricLabel(ctx.metrics.financialInfo(key), key), attrs: { value: key } }));
    sel.appendChild(group);
  }
  sel.addEventListener("change", () => {
    const key = sel.value;
    sel.value = "";
    if (!key) return;
    const input = target.node.querySelector<HTMLInputElement>("input");
    if (!input) return;
    const have = input.value.split(",").map((k) => k.trim()).filter(Boolean);
    if (!have.includes(key)) have.push(key);
    input.value = have.join(",");
    input.dispatchEvent(new Event("input"));
  });
  return field("Metric picker (one statement per formula)", sel);
}

export function builderSection(ctx: PaneContext): HTMLElement {
  const { root, body } = section("svc-builder", "Formula builder");
  const pick = el("select", { className: "svc-input", attrs: { id: "svc-builder-fn", name: "fn" } });
  const tools = [...TOOL_NAMES].sort((a, b) => TOOLS[a].fn.localeCompare(TOOLS[b].fn));
  for (const t of tools) pick.appendChild(el("option", { text: `SVC.${TOOLS[t].fn}`, attrs: { value: t } }));
  const description = el("p", "svc-hint");
  const args = el("div", "svc-args");
  const problem = el("p", { className: "svc-status svc-status-warn", attrs: { role: "status", "data-field": "problem" } });
  problem.hidden = true;
  const box = formulaBox(ctx, () => ({ fn: TOOLS[pick.value as ToolName].fn, args: inputs.map((i) => i.read()) }));
  append(body, [field("Function", pick), description, args, problem, box.node]);

  let inputs: ParamInput[] = [];
  let names: string[] = [];
  let seq = 0;

  const update = (): void => {
    const tool = pick.value as ToolName;
    const values = inputs.map((i) => i.read());
    const text = formulaText(TOOLS[tool].fn, values);
    const mine = ++seq;
    // Nothing is offered until the checks pass: a bad formula can be neither copied nor inserted.
    box.set(null, text);
    void formulaProblem(ctx, tool, names, values).then((msg) => {
      if (mine !== seq) return;
      problem.textContent = msg;
      problem.hidden = msg === "";
      box.set(msg === "" ? text : null, text);
    });
  };

  const choose = (): void => {
    const tool = pick.value as ToolName;
    description.textContent = TOOLS[tool].description;
    clear(args);
    const specs = argSpecs(tool);
    names = specs.map((s) => s.name);
    inputs = specs.map((s) => paramInput(s.param, { idPrefix: `svc-builder-${tool}`, numberOrText: s.numberOrText }));
    inputs.forEach((i, n) => {
      args.appendChild(i.node);
      if (tool === "get_financials" && names[n] === "metrics") args.appendChild(metricPicker(ctx, i));
      const sel = i.node.querySelector("select");
      if (tool === "get_economy" && names[n] === "series_id" && sel) args.appendChild(seriesNamer(ctx, sel));
      i.onInput(update);
    });
    update();
  };

  pick.addEventListener("change", choose);
  pick.value = "get_financials";
  choose();
  return root;
}
