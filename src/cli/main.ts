/**
 * The `svc-excel` command: `eval` runs SVC formulas; `login` / `logout` manage the OAuth sign-in
 * the CLI shares with nobody else (tokens in a 0600 file in the user's config directory).
 */
import { functionHelp } from "../api/arguments";
import { evalCommand } from "./eval";
import { fileCredentialsFor, loginCommand, logoutCommand } from "./login";
import { writeErr, writeOut } from "./terminal";

const USAGE = `usage:
  svc-excel eval [--base-url URL] [--token-file PATH | --token -] [--json] [--file PATH] [--cache-dir DIR] [FORMULA ...]
  svc-excel login [--base-url URL] [--no-browser] [--credentials FILE]
  svc-excel logout [--base-url URL] [--credentials FILE]
  svc-excel help FUNCTION       the arguments of an SVC function, e.g. svc-excel help FINANCIALS
`;

export async function main(argv: string[]): Promise<number> {
  try {
    return await run(argv);
  } catch (e) {
    // An unexpected failure's text may carry a server's words: through the terminal filter too.
    writeErr(`svc-excel: ${(e as Error)?.stack ?? e}\n`);
    return 1;
  }
}

async function run(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  switch (cmd) {
    case "eval":
      return evalCommand(rest, (baseUrl) => fileCredentialsFor(baseUrl));
    case "login":
      return loginCommand(rest);
    case "logout":
      return logoutCommand(rest);
    case "help":
    case "--help":
    case "-h":
      return help(rest[0]);
    default:
      writeErr(cmd ? `svc-excel: unknown command ${cmd}\n${USAGE}` : USAGE);
      return 2;
  }
}

/** `svc-excel help [FUNCTION]`: the usage, or one function's arguments (src/api/arguments.ts, as in Excel). */
function help(fn: string | undefined): number {
  if (!fn) {
    writeOut(USAGE);
    return 0;
  }
  const text = functionHelp(fn);
  if (text) writeOut(text);
  else writeErr(`svc-excel: unknown function ${fn}\n${USAGE}`);
  return text ? 0 : 2;
}
