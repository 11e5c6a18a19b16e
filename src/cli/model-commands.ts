/** The model-file commands by name (registered in main.ts). */
import { ModelCommand } from "./model-args";
import { Credentials } from "./model-engine";
import { checkCommand } from "./model-check";
import { freezeCommand } from "./model-freeze";
import { refreshCommand } from "./model-refresh";
import { repairCommand } from "./model-repair";

export async function modelCommand(cmd: ModelCommand, argv: string[], credentialsFor: Credentials): Promise<number> {
  switch (cmd) {
    case "refresh":
      return refreshCommand(argv, credentialsFor);
    case "check":
      return checkCommand(argv, credentialsFor);
    case "freeze":
      return freezeCommand(argv);
    case "repair":
      return repairCommand(argv);
    default:
      return 2;
  }
}
