/**
 * The conformance corpus: workbooks Excel saved, read in place from the shared folder (never copied
 * into the repository). `SVC_REALFILES` overrides where it is; by default `../shared/realfiles`
 * beside the clone. Which files count, their origin and licence come from the folder's manifest.json
 * (the root files) and its README (ironcalc/: IronCalc's test corpus, MIT or Apache-2.0).
 */
import * as fs from "fs";
import * as path from "path";

export interface CorpusFile {
  /** Path relative to the corpus folder ("poi__45544.xlsx", "ironcalc/TEXT__LEFT.xlsx"). */
  name: string;
  path: string;
  /** "ironcalc" for IronCalc's own corpus, "other" for the rest (reported apart: ironcalc/ is biased towards IronCalc). */
  group: "ironcalc" | "other";
  origin: string;
  licence: string;
  /** Cells whose cached value Excel itself left stale ("Sheet!A1"). */
  exclude: Set<string>;
}

interface ManifestEntry {
  file: string;
  repo: string;
  repo_license?: string;
  excel_oracle?: boolean;
  oracle?: boolean;
  oracle_exclude?: { sheet: string; cell: string }[];
}

/** The repository root: the nearest folder above this file with a package.json (this file also runs compiled, from build/). */
function repoRoot(): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, "package.json")) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

/** Where the corpus is looked for: `SVC_REALFILES`, else `../shared/realfiles` beside the clone. */
function corpusPath(): string {
  return process.env.SVC_REALFILES ? path.resolve(process.env.SVC_REALFILES) : path.resolve(repoRoot(), "../shared/realfiles");
}

/** Why the corpus cannot be read (no folder, no manifest), or null when it is there. */
export function corpusAbsence(): string | null {
  const dir = corpusPath();
  return fs.existsSync(path.join(dir, "manifest.json")) ? null : `the Excel conformance corpus is absent: no manifest.json in ${dir} (set SVC_REALFILES to the folder of Excel-saved workbooks to run it)`;
}

/**
 * The corpus must be there when `SVC_REALFILES_REQUIRED` is set (.ci/run sets it: CI fails without its
 * oracle) or when `SVC_REALFILES` names a folder; a fresh clone without either says it is absent.
 */
export const corpusRequired = (): boolean => Boolean(process.env.SVC_REALFILES_REQUIRED || process.env.SVC_REALFILES);

/** The corpus folder; throws when it is absent. */
export function corpusDir(): string {
  const absent = corpusAbsence();
  if (absent) throw new Error(absent);
  return corpusPath();
}

/** Every workbook whose cached values are Excel's: the manifest's excel_oracle files, then ironcalc/. */
export function corpusFiles(dir = corpusDir()): CorpusFile[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8")) as ManifestEntry[];
  const out: CorpusFile[] = [];
  for (const m of manifest) {
    if (!m.excel_oracle || m.oracle === false) continue;
    const exclude = new Set((m.oracle_exclude ?? []).map((x) => `${x.sheet}!${x.cell}`.toUpperCase()));
    out.push({ name: m.file, path: path.join(dir, m.file), group: "other", origin: m.repo, licence: m.repo_license ?? "unknown", exclude });
  }
  const ironcalc = path.join(dir, "ironcalc");
  if (!fs.existsSync(ironcalc)) throw new Error(`the conformance corpus is missing its ironcalc/ folder in ${dir}`);
  for (const f of fs.readdirSync(ironcalc).filter((x) => /\.xlsx$/i.test(x)).sort()) {
    out.push({ name: `ironcalc/${f}`, path: path.join(ironcalc, f), group: "ironcalc", origin: "ironcalc/IronCalc", licence: "MIT OR Apache-2.0", exclude: new Set() });
  }
  return out;
}
