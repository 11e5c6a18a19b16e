/**
 * The cells `refresh` computes as SVC calls: the model's SVC sites, found with the formula room's one
 * test of "this formula makes an SVC call" (a call in a defined name the formula uses counts, wrapped
 * or nested calls too).
 */
import type { Model } from "../../model-file";

export function svcCellsOf(model: Model): Set<string> {
  return new Set(model.sites.map((s) => s.address));
}
