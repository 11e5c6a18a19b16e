/** The known-differences list: formulas where the engine is known to give another value than Excel, with the cause. It may only shrink. */
import * as fs from "fs";
import * as path from "path";
import { knownKey, type KnownDifference } from "./report";

export const KNOWN_FILE = path.join(__dirname, "known-differences.json");

export function readKnown(): Map<string, KnownDifference> {
  const list = JSON.parse(fs.readFileSync(KNOWN_FILE, "utf8")) as KnownDifference[];
  return new Map(list.map((k) => [knownKey(k.file, k.cell), k]));
}
