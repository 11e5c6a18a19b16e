/**
 * What a cell runs with: the runtime's one engine, the host's cell errors and data types, and where
 * the page keeps each cell's record for the pane. Built once by a composition root (src/compose) and
 * passed down to every call; nothing here is installed in a module.
 */
import { CurrentDictionary, SPEC_DICTIONARY } from "../api";
import type { Engine } from "../engine";
import { CellHost, PLAIN_CELL_HOST } from "./cell-host";
import type { SourceBook } from "./sources";
import type { DataTypesMode } from "./typed";

export interface CellRuntime {
  engine: Engine;
  host: CellHost;
  /** Data types forced on, off or numbers-only (tests, the CLI); null = ask the host. */
  dataTypes: DataTypesMode | null;
  /** The metric dictionary of this runtime's API address (the composition root's; the spec's lists by default). */
  dictionary: CurrentDictionary;
  /** The page's records of its cells (the pane's "Show source", Freeze's filing note); absent elsewhere. */
  sources?: SourceBook;
}

const specOnly: CurrentDictionary = () => SPEC_DICTIONARY;

/** A runtime over `engine`: the plain stand-ins of the host and the spec's metric lists unless told otherwise. */
export function cellRuntime(engine: Engine, o: Partial<Omit<CellRuntime, "engine">> = {}): CellRuntime {
  return { engine, host: o.host ?? PLAIN_CELL_HOST, dataTypes: o.dataTypes ?? null, dictionary: o.dictionary ?? specOnly, ...(o.sources ? { sources: o.sources } : {}) };
}
