/**
 * `svc-excel diff OLD.xlsx NEW.xlsx`: two saved versions of a model compared (values, formulas,
 * sheets added or removed), for models kept in git or sent by mail. Exit 0 the same; 1 differences;
 * 2 a file cannot be read (or usage).
 */
import { CellDiff, diffModels, Model, ModelDiff, ModelFileError, readModel, sameModels } from "../../model-file";
import { Command, EXIT, parseArgs, UsageError } from "../command";
import { jsonText, terminalText, writeAll, writeErr } from "../terminal";
import { ModelIoError, readModelFile } from "./io";
import { guardFile } from "./guard";

const JSON_HELP = 'Print one JSON object {"same","sheets_added","sheets_removed","cells":[{"sheet","cell","kind","old","new","old_formula","new_formula"}],"number_formats":[{"sheet","cell","old","new"}],"parts_added","parts_lost"}';

/** A value on its report line: cell text with line breaks stays on the one line (a break would forge the next line). */
const shown = (v: unknown) => (v === null || v === undefined || v === "" ? "(blank)" : typeof v === "object" && v && "error" in v ? String((v as { error: string }).error) : terminalText(String(v)));
const formulaText = (f: string | null) => (f === null ? "(none)" : terminalText(f));

function line(c: CellDiff): string {
  const where = `${terminalText(c.sheet)}!${c.cell}`;
  if (c.kind === "value") return `  ${where} value: ${shown(c.old)} -> ${shown(c.new)}`;
  return `  ${where} formula: ${formulaText(c.oldFormula)} -> ${formulaText(c.newFormula)}  (value ${shown(c.old)} -> ${shown(c.new)})`;
}

function summary(old: string, now: string, d: ModelDiff): string {
  const formulas = d.cells.filter((c) => c.kind === "formula").length;
  const values = d.cells.length - formulas;
  const same = sameModels(d);
  const parts = `, ${d.formats.length} number format(s) changed, ${d.partsAdded.length} part(s) added, ${d.partsRemoved.length} lost`;
  const head = same ? `${old} and ${now}: the same (values, formulas, number formats, sheets and parts)` : `${old} -> ${now}: ${d.sheetsAdded.length} sheet(s) added, ${d.sheetsRemoved.length} removed, ${formulas} formula(s) changed, ${values} value(s) changed${parts}`;
  const formats = d.formats.map((f) => `  ${terminalText(f.sheet)}!${f.cell} number format: ${terminalText(f.old ?? "General")} -> ${terminalText(f.new ?? "General")}`);
  const lines = [head, ...d.sheetsAdded.map((s) => `  sheet added: ${terminalText(s)}`), ...d.sheetsRemoved.map((s) => `  sheet removed: ${terminalText(s)}`), ...d.cells.map(line), ...formats, ...d.partsAdded.map((p) => `  part added: ${terminalText(p)}`), ...d.partsRemoved.map((p) => `  part lost: ${terminalText(p)}`)];
  return lines.join("\n") + "\n";
}

const plain = (v: unknown) => (v !== null && typeof v === "object" && "error" in (v as object) ? (v as { error: string }).error : v);

function json(d: ModelDiff): string {
  const same = d.cells.length === 0 && d.sheetsAdded.length === 0 && d.sheetsRemoved.length === 0;
  const cells = d.cells.map((c) => ({ sheet: c.sheet, cell: c.cell, kind: c.kind, old: plain(c.old), new: plain(c.new), old_formula: c.oldFormula, new_formula: c.newFormula }));
  return jsonText({ same, sheets_added: d.sheetsAdded, sheets_removed: d.sheetsRemoved, cells }) + "\n";
}

function open(file: string): Model {
  try {
    return readModel(readModelFile(file));
  } catch (e) {
    if (e instanceof ModelFileError) throw new ModelIoError(`${file}: ${e.message}`);
    throw e;
  }
}

export async function diffCommand(argv: string[]): Promise<number> {
  let models: [Model, Model];
  let files: string[];
  let asJson: boolean;
  try {
    const a = parseArgs(argv, DIFF_COMMAND.options);
    files = a.rest;
    if (files.length !== 2) throw new UsageError(`two files to compare, OLD.xlsx and NEW.xlsx (got ${files.length})`);
    asJson = a.values.get("--json") === true;
    models = [open(files[0]), open(files[1])];
  } catch (e) {
    if (!(e instanceof UsageError || e instanceof ModelIoError)) throw e;
    writeErr(`svc-excel diff: ${e.message}${e instanceof UsageError ? " (svc-excel diff --help shows the options)" : ""}\n`);
    return EXIT.usage;
  }
  const d = diffModels(models[0], models[1]);
  await writeAll(process.stdout, asJson ? json(d) : summary(files[0], files[1], d));
  return sameModels(d) ? EXIT.ok : EXIT.failed;
}

export const DIFF_COMMAND: Command = {
  name: "diff",
  summary: "Compare two saved versions of an .xlsx model: values, formulas, sheets added or removed.",
  usage: "OLD.xlsx NEW.xlsx [--json]",
  options: [{ flag: "--json", help: JSON_HELP }],
  examples: ["svc-excel diff Coverage-monday.xlsx Coverage.xlsx", "git show HEAD~1:Coverage.xlsx > /tmp/old.xlsx && svc-excel diff /tmp/old.xlsx Coverage.xlsx --json"],
  notes: ["Formulas are compared as typed (=SVC.FINANCIALS(...)), values as Excel stored them. Exit status: 0 the same; 1 differences; 2 a file cannot be read, or usage."],
  run: (argv) => guardFile("diff", argv, () => diffCommand(argv)),
};
