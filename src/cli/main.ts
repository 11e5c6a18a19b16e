/**
 * The `svc-excel` command: `eval` runs SVC formulas; `login` / `logout` manage the OAuth sign-in
 * the CLI shares with nobody else (tokens in a 0600 file in the user's config directory).
 */
import { functionHelp } from "../api/arguments";
import { evalCommand } from "./eval";
import { fileCredentialsFor, loginCommand, logoutCommand } from "./login";

const USAGE = `usage:
  svc-excel eval [--base-url URL] [--token CREDENTIAL] [--json] [--file PATH] [--cache-dir DIR] [FORMULA ...]
  svc-excel login [--base-url URL] [--no-browser] [--credentials FILE]
  svc-excel logout [--base-url URL] [--credentials FILE]
  svc-excel help FUNCTION       the arguments of an SVC function, e.g. svc-excel help FINANCIALS
`;

export async function main(argv: string[]): Promise<number> {
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
      process.stderr.write(cmd ? `svc-excel: unknown command ${cmd}\n${USAGE}` : USAGE);
      return 2;
  }
}

/** `svc-excel help [FUNCTION]`: the usage, or one function's arguments (src/api/arguments.ts, as in Excel). */
function help(fn: string | undefined): number {
  if (!fn) {
    process.stdout.write(USAGE);
    return 0;
  }
  const text = functionHelp(fn);
  if (text) process.stdout.write(text);
  else process.stderr.write(`svc-excel: unknown function ${fn}\n${USAGE}`);
  return text ? 0 : 2;
}
