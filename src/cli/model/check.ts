/**
 * `svc-excel check MODEL.xlsx`: no data request. Prices a refresh (the calls it would spend now, given
 * the --cache-dir cache) and lints each SVC cell (src/model-file/check.ts, plus the engine's own
 * validation of each request). Exit 0: no problem; 1: problems found; 2: unreadable file or usage.
 */
import { isSvcError } from "../../api/errors";
import type { PlanRequest } from "../../engine";
import { requestsFor } from "../../functions/requests";
import { CellReport, lintModel, SiteLint, displayFormula } from "../../model-file";
import { SvcEngine } from "../../engine";
import { openModel } from "./file-input";
import { Credentials } from "./engine";
import { EXIT } from "../command";
import { printModelOutput } from "./report";
import { setUp } from "./refresh";

export interface Priced extends CellReport {
  calls: number;
  problems: string[];
}

function requestsOf(lint: SiteLint): { reqs: PlanRequest[]; problems: string[] } {
  const reqs: PlanRequest[] = [];
  const problems: string[] = [];
  for (const c of lint.calls) {
    try {
      reqs.push(...requestsFor(c.fn, c.args));
    } catch (e) {
      if (!isSvcError(e)) throw e;
      problems.push(`invalid argument: ${e.detail}`);
    }
  }
  return { reqs, problems };
}

export async function price(engine: SvcEngine, lints: SiteLint[]): Promise<{ cells: Priced[]; total: number }> {
  const all: PlanRequest[] = [];
  const cells: Priced[] = [];
  for (const lint of lints) {
    const { reqs, problems } = requestsOf(lint);
    const plan = await engine.plan(reqs);
    all.push(...reqs);
    const invalid = [...problems, ...plan.invalid.map((i) => `invalid argument: ${i.message}`)];
    const allProblems = [...lint.problems, ...invalid];
    const message = lint.invalid ?? (invalid[0] ? invalid[0].replace(/^invalid argument: /, "") : null);
    const cell = lint.site.address.slice(lint.site.address.lastIndexOf("!") + 1);
    cells.push({ sheet: lint.site.sheet, cell, formula: displayFormula(lint.site.formula), error: message ? { code: "#VALUE!", message } : null, calls: plan.calls, problems: allProblems });
  }
  return { cells, total: (await engine.plan(all)).calls };
}

export async function checkCommand(argv: string[], credentialsFor: Credentials): Promise<number> {
  const opened = openModel("check", argv);
  if (typeof opened === "number") return opened;
  const { args, model } = opened;
  const lints = await lintModel(model);
  const setup = await setUp("check", args, credentialsFor, false);
  if (typeof setup === "number") return setup;
  let priced: { cells: Priced[]; total: number };
  try {
    priced = await price(setup.engine, lints);
  } finally {
    await setup.lock.releaseAll();
  }
  const problems = priced.cells.reduce((n, c) => n + c.problems.length, 0);
  const lines = priced.cells.flatMap((c) => c.problems.map((p) => `${c.sheet}!${c.cell} ${p}  (${c.formula})`));
  await printModelOutput(
    {
      headline: `${args.model}: ${priced.cells.length} SVC cells; a refresh now would cost ${priced.total} calls; ${problems} problems`,
      cells: priced.cells,
      lines,
      stats: { calls: priced.total, svc_cells: priced.cells.length, problems },
    },
    args.json
  );
  return problems > 0 ? EXIT.failed : EXIT.ok;
}
