/**
 * `svc-excel check MODEL.xlsx`: no data request. The one refresh plan of the pane over the file
 * (src/cli/model/plan.ts): the price of a refresh now (given the --cache-dir cache) and each thing to
 * say about a cell, once, in the pane's words; plus what only a file has (a dead link prefix); and the
 * plain formulas depending on SVC results verified against the values Excel stored (a stale one is a problem).
 * Exit 0: no problem; 1: problems found; 2: unreadable file or usage.
 */
import type { MetricDictionary } from "../../api";
import { SvcEngine } from "../../engine";
import { isFunctionName } from "../../functions";
import { CellReport, dependentsLine, displayFormula, Model, verifyDependents } from "../../model-file";
import { priceDetail, requestsOfCell } from "../../plan";
import { PlanRequest } from "../../engine";
import { openModel } from "./file-input";
import { Credentials } from "./engine";
import { EXIT } from "../command";
import { planModel } from "./plan";
import { printModelOutput } from "./report";
import { setUp } from "./refresh";

export interface Checked extends CellReport {
  calls: number;
  problems: string[];
}

const BROKEN_LINK = "broken link: the formula carries a dead external-book prefix ([1]!...) and shows #NAME? in Excel; run `svc-excel repair`";

/** Every cell of the plan with its price alone, its first invalid argument and its problems; the lines to print; the plan's requests (a run over several models prices them together). */
export async function checkModel(model: Model, engine: SvcEngine, dictionary: MetricDictionary): Promise<{ cells: Checked[]; lines: string[]; hides: string[]; calls: number; detail: string; requests: PlanRequest[] }> {
  const { plan, price, lines, cells } = await planModel(model, engine, dictionary);
  const broken = new Set(model.sites.filter((s) => s.broken).map((s) => s.address));
  // the problems: every plan line but the one listing each covered cell (the JSON's `calls` says that)
  const said = [...[...broken].map((address) => ({ address, text: BROKEN_LINK })), ...lines.filter((l) => l.kind !== "cell" && l.kind !== "hides")];
  // said, not a problem: the calls whose errors the formula hides (refresh lists them)
  const hides = lines.filter((l) => l.kind === "hides");
  const out: Checked[] = [];
  for (const [i, c] of cells.entries()) {
    const invalid = price.invalid.find((n) => n.address === c.address);
    const calls = (await engine.plan(requestsOfCell(plan, plan.cells[i]))).calls;
    const problems = said.filter((l) => l.address === c.address).map((l) => l.text);
    // Excel shows #NAME? for a function it does not know, #VALUE! for arguments that cannot be right
    const code = plan.cells[i].calls.some((x) => !isFunctionName(x.fn)) ? "#NAME?" : "#VALUE!";
    out.push({ sheet: c.sheet, cell: c.cell, formula: c.shown, error: invalid ? { code, message: invalid.message } : null, calls, problems });
  }
  return { cells: out, lines: said.map((l) => `${l.address} ${l.text}`), hides: hides.map((l) => `${l.address} ${l.text}`), calls: price.calls, detail: priceDetail(plan, price), requests: plan.requests };
}

export async function checkCommand(argv: string[], credentialsFor: Credentials): Promise<number> {
  const opened = openModel("check", argv);
  if (typeof opened === "number") return opened;
  const { args, model } = opened;
  const setup = await setUp("check", args, credentialsFor, false);
  if (typeof setup === "number") return setup;
  let checked: Awaited<ReturnType<typeof checkModel>>;
  try {
    checked = await checkModel(model, setup.engine, setup.cells.dictionary());
  } finally {
    await setup.lock.releaseAll();
  }
  const dependents = verifyDependents(model);
  const lines = [...checked.lines, ...checked.hides, dependentsLine(dependents) + (dependents.stale.length > 0 ? ": a refresh keeps their stored values" : "")];
  lines.push(...dependents.stale.map((s) => `  ${s.sheet}!${s.cell} ${displayFormula(s.formula)}: ${s.reason}`));
  const problems = checked.lines.length + dependents.stale.length;
  await printModelOutput(
    {
      // the price and its counts in the plan's words, as the pane shows them under its price
      headline: `${args.model}: ${checked.cells.length} SVC cells; a refresh now would cost ${checked.calls} calls; ${problems} problems\n${checked.detail}`,
      cells: checked.cells,
      lines,
      cellErrors: false,
      stats: { calls: checked.calls, svc_cells: checked.cells.length, problems },
      extra: { dependents: { total: dependents.total, verified: dependents.verified, stale: dependents.stale } },
    },
    args.json
  );
  return problems > 0 ? EXIT.failed : EXIT.ok;
}
