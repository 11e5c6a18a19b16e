/** Stubs for pane tests: an engine whose counts the test changes, a source registry, a DOM root. */
import type { EngineAnswer, SvcEngine, SvcStats } from "../../src/engine";
import type { CellSource } from "../../src/functions/sources";
import type { PaneDeps } from "../../src/taskpane/pane";
import type { SourcesPort } from "../../src/taskpane/pane/types";

export function stats(over: Partial<SvcStats> = {}): SvcStats {
  return { calls: 0, cache_hits: 0, coalesced: 0, retries: 0, quota_remaining: null, stale_served: 0, errors: 0, pending: 0, ...over };
}

export interface StubEngine extends SvcEngine {
  emit(s: Partial<SvcStats>): void;
  blockedUntil: number | null;
  answers: Array<{ tool: string; params: Record<string, unknown> }>;
  answer: (tool: string, params: Record<string, unknown>) => Promise<EngineAnswer>;
}

export function stubEngine(): StubEngine {
  let current = stats();
  const listeners = new Set<(s: SvcStats) => void>();
  const e: StubEngine = {
    blockedUntil: null,
    answers: [],
    answer: async () => ({ data: {}, link: "", text: "", stale: false, fetchedAt: 0 }),
    request: jest.fn((tool: string, params: Record<string, unknown>) => {
      e.answers.push({ tool, params });
      return e.answer(tool, params);
    }) as unknown as SvcEngine["request"],
    stats: () => current,
    onChange: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    quotaBlockedUntil: () => e.blockedUntil,
    clearCache: jest.fn(async () => undefined),
    flush: async () => undefined,
    idle: async () => undefined,
    settled: async () => undefined,
    plan: jest.fn(async () => ({ calls: 0, requests: 0, cached: 0, invalid: [] })),
    invalidate: jest.fn(async () => 0),
    cancelQueued: jest.fn(() => 0),
    forgetConnection: jest.fn(async () => undefined),
    emit: (s) => {
      current = stats({ ...current, ...s });
      for (const l of listeners) l(current);
    },
  };
  return e;
}

export function stubSources(initial: CellSource[] = []): SourcesPort & { set(s: CellSource[]): void } {
  let list = initial;
  const listeners = new Set<() => void>();
  return {
    list: () => list,
    onChange: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    set: (s) => {
      list = s;
      for (const l of listeners) l();
    },
  };
}

export function source(address: string, over: Partial<CellSource> = {}): CellSource {
  return { address, fn: "HEADLINES", tool: "get_headlines", link: `https://example.test/check/${address}`, notices: [], stale: false, fetchedAt: 0, args: [], ...over };
}

export function deps(over: Partial<PaneDeps> = {}): PaneDeps & { engine: StubEngine } {
  return {
    engine: stubEngine(),
    calculateFull: jest.fn(async () => undefined),
    openLink: jest.fn(),
    config: { baseUrl: "https://api.example.test", appUrl: "https://app.example.test" },
    sources: stubSources(),
    copyText: jest.fn(async () => undefined),
    ...over,
  } as PaneDeps & { engine: StubEngine };
}

export function newRoot(): HTMLElement {
  document.body.textContent = "";
  const root = document.createElement("div");
  document.body.appendChild(root);
  return root;
}

export function sectionOf(root: HTMLElement, id: string): HTMLElement {
  const s = root.querySelector<HTMLElement>(`[data-section="${id}"]`);
  if (!s) throw new Error(`no section ${id}`);
  return s;
}

export function buttonByText(scope: HTMLElement, text: string): HTMLButtonElement {
  const b = Array.from(scope.querySelectorAll("button, fluent-button")).find((x) => x.textContent === text);
  if (!b) throw new Error(`no button "${text}"`);
  return b as HTMLButtonElement;
}

/** Let promise callbacks run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 0));
}

/** A workbook port whose calls the test inspects. */
export function stubWorkbook(formulas: Array<{ address: string; formula: string }>) {
  return {
    readSvcFormulas: jest.fn(async () => formulas),
    selectCell: jest.fn(async () => undefined),
    insertAtActiveCell: jest.fn(async () => "Sheet1!B2"),
    recalculateCells: jest.fn(async (_a: readonly string[]) => undefined),
    freeze: jest.fn(async () => ({ frozen: [], unstamped: [] })),
    unfreeze: jest.fn(async () => ({ restored: [], refused: [] })),
    listFrozen: jest.fn(async () => []),
    activeCell: jest.fn(async () => "Sheet1!B2" as string | null),
  };
}
