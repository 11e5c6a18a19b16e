/**
 * One add-in runtime in jsdom, as the page composes it: the fake Office host on the window, the real
 * custom functions associated with it, one real engine over the sandbox API's tools run in process
 * (its test controls revise what it answers), and the real pane mounted over the Office wrappers.
 * A second runtime replaces the first on the same window: a workbook closed and opened again.
 */
import * as fs from "fs";
import * as path from "path";
import { TextDecoder, TextEncoder } from "util";
import type { SvcError } from "../../src/api/errors";
import type { ToolName } from "../../src/api/catalogue";
import type { ToolParams } from "../../src/api/validate";
import { toolUrl } from "../../src/api/client";
import { installFakeOffice, FakeExcelDriver } from "../../src/fake-office/install";
import { HttpError, parseParams } from "../fakes/api/params";
import { runTool } from "../fakes/api/tools";
import { SandboxEdits } from "../fakes/api/edits";

// jsdom has no text codecs; the workbench's Save and Open (src/model-file) need them, as browsers have them
Object.assign(globalThis, { TextEncoder: globalThis.TextEncoder ?? TextEncoder, TextDecoder: globalThis.TextDecoder ?? TextDecoder });

const METADATA = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../metadata/functions.golden.json"), "utf8")) as { functions: { id: string }[] };
const BASE = "https://sandbox.example";

/** The sandbox API in process: every call it answers, counted by tool. */
export class InProcessApi {
  readonly edits = new SandboxEdits();
  readonly calls: string[] = [];
  /** A client whose errors are the runtime's own SvcError (each runtime loads its own modules). */
  clientFor(Err: typeof SvcError) {
    return { call: (tool: ToolName, params: ToolParams) => this.call(Err, tool, params) };
  }

  private async call(Err: typeof SvcError, tool: ToolName, params: ToolParams) {
    this.calls.push(tool);
    const query = new URL(toolUrl(BASE, tool, params)).searchParams;
    try {
      const env = runTool(tool, parseParams(tool, query, "422"), { base: BASE, style: "422", extraFields: false, edits: this.edits });
      return { text: env.text, data: env.data, link: env.link, quotaRemaining: null };
    } catch (e) {
      // the fake's HttpError, told by its fields (instanceof of an Error subclass is not reliable across compile targets)
      const h = e as HttpError;
      if (typeof h?.status !== "number") throw e;
      const detail = typeof h.detail === "string" ? h.detail : JSON.stringify(h.detail);
      throw new Err(h.status === 404 ? "not_found" : h.status === 422 ? "unprocessable" : "bad_request", detail, { status: h.status });
    }
  }
}

export interface Runtime {
  fx: FakeExcelDriver;
  root: HTMLElement;
  engine: { stats(): { calls: number } };
}

type Win = Window & typeof globalThis & Record<string, unknown>;

/** A new runtime over a new book: the previous one's host, engine, functions and pane are gone. */
export function startRuntime(api: InProcessApi): Runtime {
  const w = window as unknown as Win;
  delete w.__fakeExcel;
  document.body.textContent = "";
  const fx = installFakeOffice(w, { metadata: async () => METADATA as never });
  let out: Runtime | null = null;
  jest.isolateModules(() => {
    /* eslint-disable @typescript-eslint/no-var-requires */
    const { callFunction } = require("../../src/functions/call");
    const { CELLS } = require("../../src/functions/cells");
    const { cellRuntime } = require("../../src/functions/runtime");
    const { SourceBook } = require("../../src/functions/sources");
    const { createEngine } = require("../../src/engine");
    const { officeCellHost } = require("../../src/office/cell-host");
    const { requestsFor } = require("../../src/functions/requests");
    const { mountPane } = require("../../src/taskpane/pane");
    const { officeWorkbook } = require("../../src/taskpane/workbook-port");
    /* eslint-enable @typescript-eslint/no-var-requires */
    const engine = createEngine({ client: api.clientFor(require("../../src/api/errors").SvcError), windowMs: 5 });
    // as the page composes it (src/compose/page-runtime.ts): one runtime, Office's cell errors, the pane's SourceBook
    const rt = { ...cellRuntime(engine, { host: officeCellHost }), sources: new SourceBook() };
    for (const f of METADATA.functions)
      if (f.id in CELLS) fx.host.fns.associate(f.id, ((...a: unknown[]) => callFunction(rt, f.id, a.slice(0, -1), a[a.length - 1])) as never);
    const root = document.createElement("div");
    document.body.appendChild(root);
    mountPane(root, { engine, calculateFull: async () => undefined, openLink: () => undefined, config: { baseUrl: BASE, appUrl: BASE }, workbook: officeWorkbook((a: string) => rt.sources.sourceOf(a)?.provenance), requestsFor, evaluate: (fn: string, args: unknown[]) => callFunction(rt, fn, args), sources: { list: () => rt.sources.list(), onChange: (l: () => void) => rt.sources.onChange(l) } });
    out = { fx, root, engine };
  });
  if (!out) throw new Error("the runtime did not start");
  return out;
}

const until = async (what: string, ok: () => boolean, ms = 20_000): Promise<void> => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

const buttonIn = (scope: Element, text: string): HTMLElement => {
  const b = Array.from(scope.querySelectorAll<HTMLElement>("button, fluent-button")).find((x) => x.textContent === text);
  if (!b) throw new Error(`no button "${text}"`);
  return b;
};

export interface Refreshed {
  price: number;
  /** The lines under the price, [cell, kind, text], and its counts. */
  priceLines: string[][];
  priceDetail: string;
  spent: number;
  counts: string;
  notes: string;
  /** Each change: [cell, kind, its line]. */
  rows: string[][];
  summary: string;
}

/** Data tab, whole workbook: Price refresh…, Refresh now, and what the pane then says. */
export async function refreshInPane(rt: Runtime): Promise<Refreshed> {
  const section = rt.root.querySelector<HTMLElement>("[data-section=svc-refresh]");
  if (!section) throw new Error("no refresh section");
  const scope = section.querySelector<HTMLSelectElement>("#svc-refresh-scope");
  if (scope) scope.value = "workbook";
  const price = section.querySelector<HTMLElement>("[data-field=price]");
  const changes = section.querySelector<HTMLElement>("[data-section=svc-changes]");
  const summary = section.querySelector<HTMLElement>("[data-field=summary]");
  if (!price || !changes || !summary) throw new Error("the refresh section lacks its fields");
  buttonIn(section, "Price refresh…").click();
  await until("a price", () => /calls?;/.test(price.textContent ?? ""));
  const priced = Number(price.dataset.calls);
  const priceLines = Array.from(section.querySelectorAll("[data-field=price-notes] li")).map((li) => [li.getAttribute("data-address") ?? "", li.getAttribute("data-kind") ?? "", li.textContent ?? ""]);
  const priceDetail = section.querySelector("[data-field=price-detail]")?.textContent ?? "";
  const before = rt.engine.stats().calls;
  changes.hidden = true;
  summary.textContent = "";
  buttonIn(section, "Refresh now").click();
  await until("the change list and the summary", () => !changes.hidden && /Refresh done/.test(summary.textContent ?? ""));
  await rt.fx.settled();
  const rows = Array.from(changes.querySelectorAll("[data-field=change-list] li")).map((li) => [li.getAttribute("data-cell") ?? "", li.getAttribute("data-kind") ?? "", li.textContent ?? ""]);
  return {
    price: priced,
    priceLines,
    priceDetail,
    spent: rt.engine.stats().calls - before,
    counts: changes.querySelector("[data-field=change-counts]")?.textContent ?? "",
    notes: changes.querySelector("[data-field=change-notes]")?.textContent ?? "",
    rows,
    summary: summary.textContent ?? "",
  };
}
