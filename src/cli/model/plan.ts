/**
 * A model file's refresh plan: the one plan of the pane (src/plan) over the file's formulas and
 * stored values, the functions' own request mapping, priced by the engine. What `check` prints is
 * the plan's own words, so a cell reads the same in the pane and in the terminal.
 */
import type { MetricDictionary } from "../../api";
import type { SvcEngine } from "../../engine";
import { requestsFor } from "../../functions";
import { formulasOf, Model, modelReader, ModelFormulaCell } from "../../model-file";
import { planLines, planRefresh, pricePlan, PlanLine, Price, RefreshPlanOf } from "../../plan";

export interface ModelPlan {
  plan: RefreshPlanOf;
  price: Price;
  /** One line per thing to say about a cell, each once, in the plan's words. */
  lines: PlanLine[];
  /** The model's formula cells that make SVC calls, in the plan's order. */
  cells: ModelFormulaCell[];
}

/** Plan and price a refresh of every formula of the model that makes an SVC call, metrics checked against `dictionary`. */
export async function planModel(model: Model, engine: Pick<SvcEngine, "plan">, dictionary: MetricDictionary, now?: () => Date): Promise<ModelPlan> {
  const formulas = formulasOf(model);
  const plan = await planRefresh(formulas, { reader: modelReader(model), requestsFor: (fn, args) => requestsFor(fn, args, dictionary), now });
  const price = await pricePlan(plan, (reqs) => engine.plan(reqs));
  const byAddress = new Map(formulas.map((f) => [f.address, f]));
  const cells = plan.cells.map((c) => byAddress.get(c.address)).filter((c): c is ModelFormulaCell => c !== undefined);
  return { plan, price, lines: planLines(plan, price), cells };
}
