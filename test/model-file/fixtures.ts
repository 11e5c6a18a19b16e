/**
 * Test workbooks from readable sources: test/fixtures/xlsx/<name>/ holds the parts as XML text (laid
 * out as Excel writes them), zipped here deterministically with fflate's own zip writer (not the
 * code under test): [Content_Types].xml first, then the parts in path order, fixed timestamps.
 */
import * as fs from "fs";
import * as path from "path";
import { strFromU8, strToU8, unzipSync, zipSync, Zippable } from "fflate";

export const FIXTURES = path.resolve(__dirname, "../fixtures/xlsx");

function files(dir: string, base = ""): string[] {
  return fs.readdirSync(path.join(dir, base), { withFileTypes: true }).flatMap((e) => {
    const rel = base ? `${base}/${e.name}` : e.name;
    return e.isDirectory() ? files(dir, rel) : [rel];
  });
}

const TEXT = /\.(xml|rels|vml)$/;

/** The parts of a fixture (text parts without the trailing newline an editor adds). */
export function fixtureParts(name: string): Map<string, Uint8Array> {
  const dir = path.join(FIXTURES, name);
  const out = new Map<string, Uint8Array>();
  for (const rel of files(dir).sort()) {
    const raw = fs.readFileSync(path.join(dir, rel));
    out.set(rel, TEXT.test(rel) ? strToU8(raw.toString("utf8").replace(/\r?\n$/, "")) : new Uint8Array(raw));
  }
  return out;
}

/** Zip parts as Excel orders them; `changes` replace (text or bytes) or drop (null) parts first. */
export function zipParts(parts: Map<string, Uint8Array>, changes: Record<string, string | Uint8Array | null> = {}): Uint8Array {
  const all = new Map(parts);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) all.delete(k);
    else all.set(k, typeof v === "string" ? strToU8(v) : v);
  }
  const names = [...all.keys()].sort((a, b) => (a === "[Content_Types].xml" ? -1 : b === "[Content_Types].xml" ? 1 : a < b ? -1 : a > b ? 1 : 0));
  const zippable: Zippable = {};
  for (const n of names) zippable[n] = [all.get(n) as Uint8Array, { level: 6, mtime: new Date(1980, 0, 1, 0, 0, 0) }];
  return zipSync(zippable);
}

export function buildFixture(name: string, changes: Record<string, string | Uint8Array | null> = {}): Uint8Array {
  return zipParts(fixtureParts(name), changes);
}

/** Every entry of a package, inflated by fflate (independently of src/model-file). */
export function unzipAll(bytes: Uint8Array): Map<string, Uint8Array> {
  return new Map(Object.entries(unzipSync(bytes)));
}

export function partText(bytes: Uint8Array, part: string): string {
  const p = unzipAll(bytes).get(part);
  if (!p) throw new Error(`no part ${part}`);
  return strFromU8(p);
}

/** A fixture part's text, edited by `edit` (for variations of a fixture). */
export function fixtureText(name: string, part: string): string {
  const p = fixtureParts(name).get(part);
  if (!p) throw new Error(`no part ${part} in fixture ${name}`);
  return strFromU8(p);
}
