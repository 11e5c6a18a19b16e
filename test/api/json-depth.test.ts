/**
 * The depth guard runs on every answer before JSON.parse: across random JSON (strings full of
 * brackets, quotes and backslashes), it must agree with the depth of the parsed value.
 */
import { nestedDeeperThan } from "../../src/api/bounded-body";

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const PIECES = ["[", "]", "{", "}", '"', "\\", "\\\\", '\\"', "a", " "];

function randomString(r: () => number): string {
  let s = "";
  for (let n = Math.floor(r() * 8); n > 0; n--) s += PIECES[Math.floor(r() * PIECES.length)];
  return s;
}

function randomValue(r: () => number, depth: number): unknown {
  const k = r();
  if (depth > 0 && k < 0.35) return Array.from({ length: Math.floor(r() * 3) + 1 }, () => randomValue(r, depth - 1));
  if (depth > 0 && k < 0.7) return Object.fromEntries(Array.from({ length: Math.floor(r() * 3) + 1 }, () => [randomString(r), randomValue(r, depth - 1)]));
  return k < 0.85 ? randomString(r) : Math.round(r() * 1000);
}

function depthOf(v: unknown): number {
  if (Array.isArray(v)) return 1 + Math.max(0, ...v.map(depthOf));
  if (v && typeof v === "object") return 1 + Math.max(0, ...Object.values(v).map(depthOf));
  return 0;
}

test("nestedDeeperThan agrees with the parsed depth on 3,000 random answers", () => {
  const r = rng(7);
  for (let i = 0; i < 3000; i++) {
    const text = JSON.stringify(randomValue(r, 1 + Math.floor(r() * 7)));
    const d = depthOf(JSON.parse(text));
    for (const max of [d - 1, d, d + 1].filter((m) => m >= 0)) expect([text, max, nestedDeeperThan(text, max)]).toEqual([text, max, d > max]);
  }
});

test("a string that never closes ends the scan without throwing", () => {
  expect(nestedDeeperThan('[["abc', 1)).toBe(true);
  expect(nestedDeeperThan('["[[[[', 1)).toBe(false);
});
