/**
 * Excel.Workbook, Excel.Application and the Excel namespace the page sees: Excel.run (the batch
 * must return a promise, as office.js requires; a final sync follows it), RequestContext,
 * CalculationType, ErrorCodes. getActiveCell / getSelectedRange fail with InvalidSelection at sync
 * when a shape is selected (no active cell).
 */
import { invalidArgument, invalidSelection, ErrorCodes, Messages, RichApiError } from "../errors";
import type { Host } from "../host";
import { ClientObject, RequestContext as Context } from "./client";
import { NamedItemCollection } from "./names";
import { CommentCollection, CustomXmlPartCollection, SettingCollection } from "./parts";
import { Range } from "./range";
import { Worksheet, WorksheetCollection } from "./sheets";

export const CalculationType = { recalculate: "Recalculate", full: "Full", fullRebuild: "FullRebuild" } as const;

class Application extends ClientObject {
  protected get _type(): string {
    return "Application";
  }
  protected get _scalars(): readonly string[] {
    return ["calculationMode", "calculationState"];
  }
  protected _read(prop: string): unknown {
    // calculationState (ExcelApi 1.8): "Calculating" while formulas wait to be evaluated, else "Done"
    if (prop === "calculationState") return this.context.host.recalc.busy() ? "Calculating" : "Done";
    return this.context.host.recalc.calculationMode;
  }
  get calculationMode(): string {
    return this._get("calculationMode") as string;
  }
  /** Settable since ExcelApi 1.8 (Excel.CalculationMode: Automatic, AutomaticExceptTables, Manual). */
  set calculationMode(mode: string) {
    if (!["Automatic", "AutomaticExceptTables", "Manual"].includes(mode)) throw invalidArgument(`calculationMode ${mode}`, "Application.calculationMode");
    this._set("calculationMode", mode, () => void (this.context.host.recalc.calculationMode = mode as "Manual"));
  }
  get calculationState(): string {
    return this._get("calculationState") as string;
  }
  calculate(calculationType: string): void {
    this._do(() => void this.context.host.calculate(calculationType));
  }
  suspendApiCalculationUntilNextSync(): void {
    /* calculation is already deferred to the end of each batch */
  }
}

class Workbook extends ClientObject {
  protected get _type(): string {
    return "Workbook";
  }
  protected get _scalars(): readonly string[] {
    return ["name"];
  }
  protected _read(): unknown {
    return "Book1.xlsx";
  }
  protected _navs() {
    return { worksheets: () => this.worksheets, names: () => this.names, application: () => this.application };
  }
  get name(): string {
    return this._get("name") as string;
  }
  get application(): Application {
    return this._nav("application", () => new Application(this.context));
  }
  get worksheets(): WorksheetCollection {
    return this._nav("worksheets", () => new WorksheetCollection(this.context));
  }
  get names(): NamedItemCollection {
    return this._nav("names", () => new NamedItemCollection(this.context, null));
  }
  get customXmlParts(): CustomXmlPartCollection {
    return this._nav("customXmlParts", () => new CustomXmlPartCollection(this.context));
  }
  get comments(): CommentCollection {
    return this._nav("comments", () => new CommentCollection(this.context));
  }
  get settings(): SettingCollection {
    return this._nav("settings", () => new SettingCollection(this.context));
  }
  private selected(oneCell: boolean): Range {
    const host = this.context.host;
    return new Range(
      this.context,
      () => {
        const s = host.book.selection;
        if (!s) throw invalidSelection(oneCell ? "Workbook.getActiveCell" : "Workbook.getSelectedRange");
        return oneCell ? { sheet: s.sheet, r0: s.r0, c0: s.c0, r1: s.r0, c1: s.c0 } : s;
      },
      false,
      () => new Worksheet(this.context, () => (host.book.selection ? (host.book.sheet(host.book.selection.sheet) ?? null) : null))
    );
  }
  getActiveCell(): Range {
    return this.selected(true);
  }
  getSelectedRange(): Range {
    return this.selected(false);
  }
}

/** The Excel namespace over a host (window.Excel). */
export function createExcel(host: Host) {
  class RequestContext extends Context {
    readonly workbook: Workbook;
    readonly application: Application;
    constructor() {
      super(host);
      this.workbook = new Workbook(this);
      this.application = this.workbook.application;
    }
  }
  return {
    CalculationType,
    ErrorCodes,
    RequestContext,
    async run<T>(batch: (ctx: RequestContext) => Promise<T>): Promise<T> {
      const ctx = new RequestContext();
      const out = batch(ctx) as unknown;
      if (!out || typeof (out as { then?: unknown }).then !== "function") throw new RichApiError(ErrorCodes.runMustReturnPromise, Messages.runMustReturnPromise);
      const v = await (out as Promise<T>);
      await ctx.sync();
      return v;
    },
  };
}
