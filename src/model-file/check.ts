/**
 * check, the part that needs no API: for each SVC formula, the calls a refresh would make now (from
 * the stored values) and what is wrong with it — a dead link prefix, an argument that cannot be
 * right, an argument only Excel can work out, volatile functions in its arguments (the answer would
 * change whenever Excel recalculates). The CLI prices the calls against the engine's cache.
 */
import { evaluateFormula, isErrorValue, ParamInfo, resolveCalls, volatileFunctionsIn, ArgValue, CellValue } from "../formula";
import { engineSpelling } from "./model/file-text";
import { Model, SvcSite } from "./model/model";
import { cellSourceOf } from "./model/source";
import { readerOf, SvcCall } from "./model/svc-eval";
import { WorkingCopy } from "./model/working";

export interface SiteLint {
  site: SvcSite;
  /** The calls a refresh would make from the stored values (chains: with the stored upstream values). */
  calls: SvcCall[];
  problems: string[];
  /** What a refresh would store for an argument that cannot be right (#VALUE!, no call). */
  invalid: string | null;
}

/** Calls of a formula that is not one SVC call (IFERROR around it, arithmetic, nesting), as the engine would make them. */
function engineCalls(site: SvcSite, model: Model, w: WorkingCopy): { calls: SvcCall[]; problems: string[] } {
  const calls: SvcCall[] = [];
  const problems: string[] = [];
  const svc = (fn: string, args: ArgValue[]): CellValue => {
    const bad = args.findIndex((a) => isErrorValue(a));
    if (bad >= 0) problems.push(`SVC.${fn} argument ${bad + 1} is ${(args[bad] as { error: string }).error}: the call would not be made`);
    else calls.push({ fn, args, address: site.address });
    return { error: "#N/A" };
  };
  evaluateFormula(engineSpelling(site.formula), site, cellSourceOf(model, w), { svc });
  return { calls, problems };
}

export async function lintModel(model: Model, opts: { params?: (fn: string) => readonly ParamInfo[]; now?: () => Date } = {}): Promise<SiteLint[]> {
  const w = new WorkingCopy(model);
  const reader = readerOf(cellSourceOf(model, w), model.sheets.map((s) => s.name));
  const statuses = await resolveCalls(model.sites.map((s) => ({ address: s.address, formula: s.formula })), reader, opts);
  return model.sites.map((site, i) => {
    const out: SiteLint = { site, calls: [], problems: [], invalid: null };
    if (site.broken) {
      out.problems.push("broken link: the formula carries a dead external-book prefix ([1]!...) and shows #NAME? in Excel; run `svc-excel repair`");
      return out;
    }
    const r = statuses[i];
    const volatile = r.status === "not-svc" ? volatileFunctionsIn(site.formula) : r.volatile;
    if (volatile.length > 0) out.problems.push(`volatile: ${volatile.join(", ")} in the arguments; the answer changes whenever Excel recalculates, and each change costs calls`);
    if (r.status === "invalid") {
      out.invalid = r.message;
      out.problems.push(`invalid argument: ${r.message}`);
    } else if (r.status === "resolved") out.calls.push({ fn: r.fn, args: r.args, address: site.address });
    else {
      // needs-run: the engine works the arguments out (a nested call is fine); if it cannot, the resolver says why
      const e = engineCalls(site, model, w);
      out.calls.push(...e.calls);
      const stuck = e.problems.length > 0 || e.calls.length === 0;
      if (stuck) out.problems.push(r.status === "needs-run" ? `unresolvable: ${r.reason}` : e.problems[0] ?? "unresolvable: the formula cannot be computed outside Excel");
    }
    return out;
  });
}
