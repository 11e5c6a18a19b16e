/** `svc-excel eval` as an entry of the command table (the work is in eval.ts). */
import { Command } from "./command";
import { EVAL_OPTIONS, evalCommand } from "./eval";
import { fileCredentialsFor } from "./connection";

export const EVAL_COMMAND: Command = {
  name: "eval",
  summary: "Evaluate SVC formulas with the add-in's functions and engine; print each result as Excel shows it.",
  usage: "[options] [FORMULA ...]",
  options: EVAL_OPTIONS,
  examples: [
    `svc-excel eval '=SVC.FINANCIALS("AAPL","revenue,net_income","FY-4:FY")' '=SVC.FILINGS("AAPL","10-K",5)'`,
    "svc-excel eval --json --file model.txt --cache-dir .svc-cache",
  ],
  notes: [
    "The table shows values as Excel does with data types (thousands separators, percents, dates); each\n" +
      "result's required notices and its check-the-figures link follow it. --json keeps Excel's values and\n" +
      "lists the notices apart: {\"results\":[{\"formula\",\"value\",\"error\",\"link\",\"notices\"}],\"stats\":{...}}.\n" +
      "Every result is printed whatever the exit status; errors are summed up on stderr.",
  ],
  run: (argv) => evalCommand(argv, (baseUrl) => fileCredentialsFor(baseUrl)),
};
