/** The model-file commands as entries of the command table (src/cli/main.ts); their work is in the files beside it; several models or a folder go to batch.ts. */
import { Command } from "../command";
import { fileCredentialsFor } from "../connection";
import { checkCommand } from "./check";
import { freezeCommand } from "./freeze";
import { MODEL_OPTIONS } from "./args";
import { refreshCommand } from "./refresh";
import { repairCommand } from "./repair";
import { DIFF_COMMAND } from "./diff";
import { batchRefresh } from "./batch";
import { batchCheck } from "./batch-check";
import { namesSeveral } from "./batch-args";
import { guardFile } from "./guard";

const credentials = (baseUrl: string) => fileCredentialsFor(baseUrl);

const EXITS = "Exit status: 0 every SVC cell has a value; 1 the file was written but cells hold errors or stale values; 2 nothing was written (usage, unreadable or not a workbook, every call failed); 3 not signed in (nothing written).";

export const MODEL_COMMANDS: readonly Command[] = [
  {
    name: "refresh",
    summary: "Refresh every SVC formula of an .xlsx model and the formulas that depend on them, without Excel; nothing else in the file changes.",
    usage: "MODEL.xlsx|FOLDER ... [options]",
    options: MODEL_OPTIONS.refresh,
    examples: [
      "svc-excel refresh Coverage.xlsx --token-file ~/.config/svc-excel/token --cache-dir ~/.cache/svc-excel",
      "svc-excel refresh Coverage.xlsx --out Coverage-today.xlsx --json",
      "svc-excel refresh Coverage.xlsx --frozen-copy Coverage-values.xlsx",
      "svc-excel refresh ~/models/ --frozen-copy ~/models/values/",
    ],
    notes: [
      "Refuses a workbook open in Excel (its ~$ lock file beside it); writes atomically; formulas only Excel computes keep their stored value and are listed as stale. A workbook without SVC formulas, or whose values all come back as stored, is not rewritten (bytes and modification time kept); no credential is needed for one without SVC formulas.",
      "Several models or a folder (its .xlsx and .xlsm files): one run, one engine and cache, so an identity two models share costs one call; the price of the lot first, then a line per file on stderr (a bar on a terminal); each file written on its own, one that cannot be read is reported and skipped.",
      "LibreOffice recalculates spilled blocks on opening and shows #NAME? in them (Excel, openpyxl and pandas read the stored values): the report names them; --frozen-copy writes a values-only copy that reads right everywhere.",
      EXITS + " With several models: 1 also when a file could not be read or written (the others are written); 2 when none could.",
    ],
    run: (argv) => (namesSeveral(argv, MODEL_OPTIONS.refresh) ? batchRefresh(argv, credentials) : guardFile("refresh", argv, () => refreshCommand(argv, credentials))),
  },
  {
    name: "check",
    summary: "Price a refresh of an .xlsx model (calls it would spend now, given the cache) and lint its SVC cells; sends no data request.",
    usage: "MODEL.xlsx|FOLDER ... [options]",
    options: MODEL_OPTIONS.check,
    examples: ["svc-excel check Coverage.xlsx", "svc-excel check Coverage.xlsx --cache-dir ~/.cache/svc-excel --json", "svc-excel check ~/models/"],
    notes: [
      "Problems: arguments that cannot be right or only Excel can work out, volatile functions in arguments, broken links. Several models or a folder: one price for the lot (an identity two models share counted once) and each model's own. Exit status: 0 no problem; 1 problems found (or a file unreadable among several); 2 usage or unreadable file.",
    ],
    run: (argv) => (namesSeveral(argv, MODEL_OPTIONS.check) ? batchCheck(argv, credentials) : guardFile("check", argv, () => checkCommand(argv, credentials))),
  },
  {
    name: "freeze",
    summary: "Write a values-only copy of an .xlsx model for people without the add-in: SVC formulas replaced by their values, an 'as of' stamp.",
    usage: "MODEL.xlsx --out FILE [--json]",
    options: MODEL_OPTIONS.freeze,
    examples: ["svc-excel freeze Coverage.xlsx --out Coverage-values.xlsx", "svc-excel refresh Coverage.xlsx && svc-excel freeze Coverage.xlsx --out Coverage-values.xlsx"],
    notes: ["Each frozen result gets a note with the time and its formula; the workbook an 'SVC values as of' property. Exit status: 0 done; 1 a frozen cell holds an error; 2 nothing written."],
    run: (argv) => guardFile("freeze", argv, () => freezeCommand(argv)),
  },
  {
    name: "repair",
    summary: "Repair an .xlsx model saved where the add-in was not loaded: [1]!_xldudf_SVC_... references back to SVC calls, the dead link removed.",
    usage: "MODEL.xlsx [--out FILE] [--json]",
    options: MODEL_OPTIONS.repair,
    examples: ["svc-excel repair Coverage.xlsx", "svc-excel repair Coverage.xlsx --out Coverage-fixed.xlsx && svc-excel refresh Coverage-fixed.xlsx"],
    notes: ["Touches only the broken formulas, the dead link part, its relationship, content type and externalReferences entry. Exit status: 0 done (also when there was nothing to repair); 2 nothing written."],
    run: (argv) => guardFile("repair", argv, () => repairCommand(argv)),
  },
  DIFF_COMMAND,
];
