/**
 * Where each result on the sheet came from: the check-the-figures link, the notices the API requires
 * to be shown, and whether the value was served stale. The pane lists these; cells cannot carry them.
 */
import { ToolName } from "../api/catalogue";

export interface CellSource {
  address: string;
  fn: string;
  tool: ToolName;
  link: string;
  notices: string[];
  stale: boolean;
  fetchedAt: number;
}

const MAX_ENTRIES = 20_000;
const sources = new Map<string, CellSource>();
const listeners = new Set<() => void>();
let scheduled = false;

function notify(): void {
  if (scheduled || listeners.size === 0) return;
  scheduled = true;
  // Batched: a recalculation records hundreds of cells; the pane redraws once.
  setTimeout(() => {
    scheduled = false;
    for (const l of listeners) {
      try {
        l();
      } catch {
        // a listener's failure is its own: the other listeners still hear of the change
      }
    }
  }, 50);
}

export function recordSource(s: CellSource): void {
  if (!s.address) return;
  sources.delete(s.address);
  sources.set(s.address, s);
  if (sources.size > MAX_ENTRIES) sources.delete(sources.keys().next().value as string);
  notify();
}

export function forgetSource(address: string): void {
  if (sources.delete(address)) notify();
}

export function listSources(): CellSource[] {
  return [...sources.values()];
}

export function onSourcesChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
