/**
 * The `svc-excel` command: `eval` runs SVC formulas; `login` / `logout` manage the OAuth sign-in
 * the CLI shares with nobody else (tokens in a 0600 file in the user's config directory).
 */
import { evalCommand } from "./eval";
import { fileCredentialsFor, loginCommand, logoutCommand } from "./login";
import { writeErr, writeOut } from "./terminal";
import { MODEL_USAGE } from "./model-args";
import { modelCommand } from "./model-commands";

const USAGE = `usage:
  svc-excel eval [--base-url URL] [--token-file PATH | --token -] [--json] [--file PATH] [--cache-dir DIR] [FORMULA ...]
  svc-excel login [--base-url URL] [--no-browser] [--credentials FILE]
  svc-excel logout [--base-url URL] [--credentials FILE]
  ${Object.values(MODEL_USAGE).join("\n  ")}
exit codes: 0 ok; 1 cells hold errors (or check found problems); 2 usage, unreadable file or nothing written; 3 not signed in
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
    case "refresh":
    case "check":
    case "freeze":
    case "repair":
      return modelCommand(cmd, rest, (baseUrl) => fileCredentialsFor(baseUrl));
    case "help":
    case "--help":
    case "-h":
      writeOut(USAGE);
      return 0;
    default:
      writeErr(cmd ? `svc-excel: unknown command ${cmd}\n${USAGE}` : USAGE);
      return 2;
  }
}
