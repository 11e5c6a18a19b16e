/**
 * The one engine of this runtime. The host (the add-in page's bootstrap, or the CLI) installs it
 * once; functions and the pane read it. Kept apart from the engine itself so that importing a
 * function module never builds a second engine (one shared instance per page).
 */
import { SvcError } from "../api/errors";
import { Engine } from "./types";

let current: Engine | null = null;

export function setEngine(engine: Engine | null): void {
  current = engine;
}

export function currentEngine(): Engine {
  if (!current) throw new SvcError("signed_out", "SVC is still starting; recalculate in a moment");
  return current;
}

export function hasEngine(): boolean {
  return current !== null;
}
