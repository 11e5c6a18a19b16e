/**
 * The refresh plan's one test of "this formula makes an SVC call" over a model file (a call in a
 * defined name the formula uses counts, wrapped or nested calls too): the cells `refresh` computes.
 */
import { formulasOf, Model } from "../../model-file";
import { holdsSvcCall } from "../../plan";

export function svcCellsOf(model: Model): Set<string> {
  return new Set(formulasOf(model).filter((f) => holdsSvcCall(f.formula, f.sheet, model.names)).map((f) => f.address));
}
