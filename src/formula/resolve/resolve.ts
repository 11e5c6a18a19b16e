/**
 * The argument resolver: the arguments of SVC formulas as Excel would pass them,
 * read through a CellReader in a bounded number of passes whatever the number of formulas:
 *   pass 1  every reference and spill anchor written in any argument (+ the names, when one is used);
 *   pass 2  only when names are used: what the names refer to that pass 1 did not read.
 * Literals and plain references never touch the engine (the fast path); other expressions are
 * evaluated by the plain-formula engine (engine.ts), never by a hand-written interpreter.
 */
import { Node } from "../text/ast";
import { plainFunctionName } from "../text/fn-names";
import { volatilityOf } from "../engine/catalogue/volatile";
import { areaKey, areaOf, uniqueAreas, visitExpanded } from "../text/refs";
import { Arg, planSite, SitePlan } from "./plan";
import { Reads } from "./reads";
import type { CellReader, FormulaSite, Resolved, ResolveOptions } from "./types";
import { resolveArg } from "./values";
import type { AreaRef, ArgValue, CellRef, DefinedName, ExcelTable } from "../types";

export type { CellReader, FormulaSite, ReadRequest, ReadResult, Resolved, ResolveOptions, ParamInfo } from "./types";

interface Needs {
  areas: AreaRef[];
  spills: CellRef[];
  names: boolean;
}

/** Visit the references an argument reads (names expanded and tables followed when known), skipping the walk for a plain reference. */
function eachRef(arg: Arg, at: CellRef, reads: { names: readonly DefinedName[]; tables?: readonly ExcelTable[] }, visit: (n: Node, sheet: string) => void): void {
  const p = arg.plan;
  if (p.kind === "ref") visit(p.node, at.sheet);
  else if (p.kind === "name" || p.kind === "expr") visitExpanded(p.node, at.sheet, reads.names, visit, { tables: reads.tables, at });
}

/**
 * What the plans read: references and spill anchors, names expanded when `names` are known. Without
 * names (pass 1) it also collects the arguments that use a name: pass 2 looks only at those.
 */
function needsOf(plans: readonly (SitePlan | null)[], reads: Reads | null, only?: Set<Arg>): Needs & { named: Set<Arg> } {
  const areas = new Map<string, AreaRef>();
  const spills = new Map<string, AreaRef>();
  const named = new Set<Arg>();
  for (const plan of plans) {
    for (const arg of plan?.args ?? []) {
      if (!plan || (only && !only.has(arg))) continue;
      eachRef(arg, plan.at, { names: reads?.names ?? [], tables: reads?.tables ?? undefined }, (n, sheet) => {
        if (n.kind === "name" || n.kind === "table") named.add(arg);
        if (n.kind !== "ref" || n.prefix?.book) return;
        const a = areaOf(n, sheet);
        (n.spill ? spills : areas).set(areaKey(a), a);
      });
    }
  }
  const spillCells = [...spills.values()].map((a) => ({ sheet: a.sheet, row: a.r0, col: a.c0 }));
  return { areas: [...areas.values()], spills: spillCells, names: named.size > 0, named };
}

/** The areas a site read (spill ranges as their extent) and the volatile functions its arguments use. */
function footprint(plan: SitePlan, reads: Reads): { reads: AreaRef[]; volatile: string[] } {
  const areas: AreaRef[] = [];
  const volatile = new Set(plan.volatile);
  for (const arg of plan.args) {
    eachRef(arg, plan.at, { names: reads.names ?? [], tables: reads.tables ?? undefined }, (n, sheet) => {
      if (n.kind === "call" && volatilityOf(n.name)) volatile.add(plainFunctionName(n.name));
      if (n.kind !== "ref" || n.prefix?.book) return;
      const a = areaOf(n, sheet);
      areas.push((n.spill && reads.spill({ sheet: a.sheet, row: a.r0, col: a.c0 })) || a);
    });
  }
  return { reads: areas.length > 1 ? uniqueAreas(areas) : areas, volatile: volatile.size ? [...volatile] : [] };
}

function resolveSite(plan: SitePlan, reads: Reads, opts: ResolveOptions): Resolved {
  const { fn } = plan;
  const { reads: read, volatile } = footprint(plan, reads);
  const args: ArgValue[] = [];
  for (const [argIndex, arg] of plan.args.entries()) {
    const out = resolveArg(arg, plan.at, reads, opts.now);
    if (out.ok) args.push(out.value);
    else if (out.invalid !== undefined) return { status: "invalid", fn, argIndex, message: out.invalid, volatile, reads: read };
    else return { status: "needs-run", fn, argIndex, reason: out.run ?? "", volatile, reads: read };
  }
  return { status: "resolved", fn, args, volatile, reads: read };
}

function unreadable(plan: SitePlan, message: string): Resolved {
  const argIndex = Math.max(0, plan.args.findIndex((a) => ["ref", "name", "expr"].includes(a.plan.kind)));
  return { status: "needs-run", fn: plan.fn, argIndex, reason: `the cells could not be read (${message})`, volatile: plan.volatile, reads: [] };
}

/**
 * Resolve SVC formulas: for each site, the call's arguments as Excel would pass them (`resolved`),
 * the argument that makes the call pointless (`invalid`, with a message naming it), the argument only
 * running can work out (`needs-run`), or `not-svc`. At most two reader passes per call.
 */
export async function resolveCalls(sites: readonly FormulaSite[], reader: CellReader, opts: ResolveOptions = {}): Promise<Resolved[]> {
  const plans = sites.map((s) => planSite(s, opts.params));
  const reads = new Reads(reader, opts.emptyCellAs ?? null);
  try {
    const first = needsOf(plans, null);
    await reads.read(first.areas, first.spills, first.names);
    if (first.names) {
      const second = needsOf(plans, reads, first.named);
      await reads.read(second.areas, second.spills, false);
    }
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return plans.map((p) => (p ? unreadable(p, message) : { status: "not-svc" }));
  }
  return plans.map((p) => (p ? resolveSite(p, reads, opts) : { status: "not-svc" }));
}
