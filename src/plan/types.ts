/** The refresh plan's shapes: what a set of formulas calls, what it costs, and what cannot be priced. */
import type { PlanRequest, RefreshPlan } from "../engine";
import type { AreaRef, CellReader, ParamInfo } from "../formula";


/** A formula of the workbook (any formula: the plan keeps those that make an SVC call). */
export interface FormulaCell {
  /** "Sheet1!B2" */
  address: string;
  formula: string;
}

/** One line about one cell ("ticker (Inputs!A9): the cell is empty"). */
export interface Note {
  address: string;
  message: string;
}

/** One SVC call of a cell, and what refreshing it asks the API. */
export interface PlannedCall {
  fn: string;
  /** The call alone ("=SVC.FINANCIALS(...)"); null when the formula cannot be read. */
  text: string | null;
  /** The defined name it is written in, when not in the cell's formula. */
  name: string | null;
  /** priced: its requests are known; invalid: no call (message says why); unpriced: only running tells. */
  outcome: "priced" | "invalid" | "unpriced";
  /** Where its arguments came from: the cells now, or what the function last received. */
  from: "cells" | "last-run" | null;
  /** Index of its first request in the plan's `requests`, and how many it makes. */
  first: number;
  count: number;
  message: string | null;
}

/** A cell whose formula makes at least one SVC call. */
export interface PlannedCell {
  address: string;
  formula: string;
  /** One SVC call and nothing around it (its arguments may hold more); otherwise Excel recalculates the formula as a whole. */
  single: boolean;
  calls: PlannedCall[];
  /** Volatile functions its SVC calls' arguments use. */
  volatile: string[];
  /** The areas its SVC calls' arguments read. */
  reads: AreaRef[];
}

export interface RefreshPlanOf {
  /** Every cell that makes an SVC call, in the order given. */
  cells: PlannedCell[];
  /** The requests of every priced call, in order (PlannedCall.first/count index them). */
  requests: PlanRequest[];
  /** No call: an argument cannot be right (each problem once). */
  invalid: Note[];
  /** Refreshed anyway, priced only after the fact: only running tells their arguments. */
  unpriced: Note[];
  /** Cells whose SVC arguments use TODAY, NOW, RAND, RANDBETWEEN, OFFSET or INDIRECT. */
  volatile: { address: string; functions: string[] }[];
  /** Cells with an SVC call inside IFERROR, IFNA, ISERROR...: an error it gets is hidden (the cell shows a value). */
  hidden: { address: string; functions: string[] }[];
  /** Cell addresses to recalculate, upstream first. */
  stages: string[][];
}

/** What a cell's function last received (the pane's source registry); its result's size, for staging. */
export interface LastRun {
  fn?: string;
  args: readonly unknown[];
  rows?: number;
  cols?: number;
}

/** What planning needs from its host (the pane, the workbench, the CLI). */
export interface PlanDeps {
  /** Reads cells and defined names (the resolver's port). */
  reader: CellReader;
  /** The requests a function makes for these arguments (src/functions/requests.ts); throws SvcError when they cannot be right. */
  requestsFor: (fn: string, args: readonly unknown[]) => PlanRequest[];
  /** Argument names (default: the functions' help names, src/api/arguments.ts). */
  params?: (fn: string) => readonly ParamInfo[];
  /** What the cell's function last received, when the host knows it. */
  lastRun?: (address: string) => LastRun | undefined;
  /** The clock TODAY() and NOW() read. */
  now?: () => Date;
}

/** The engine's price of a set of requests (engine.plan with refresh:true). */
export type Pricer = (requests: PlanRequest[]) => Promise<RefreshPlan>;

export interface Price {
  /** Calls a refresh spends: one per distinct identity. */
  calls: number;
  /** Requests priced (valid ones). */
  requests: number;
  /** Invalid cells: the plan's and the engine's (each problem once). */
  invalid: Note[];
}
