/**
 * Depreciation to Excel's definitions: SLN, SYD, DB (the rate rounded to three decimals, a first and
 * last partial year by `month`), DDB and VDB (declining balance at `factor`, VDB switching to straight
 * line when that is larger unless told not to, fractional periods prorated).
 */
import { unsupported } from "../kinds";
import { DIV0, NUM, numeric, type Num } from "./fin-args";
import type { PureFamily } from "./types";

function syd([cost, salvage, life, per]: number[]): Num {
  if (life <= 0 || per > life || per <= 0) return NUM();
  return ((cost - salvage) * (life - per + 1) * 2) / (life * (life + 1));
}

function db([cost, salvage, life, period, month]: number[]): Num {
  if ((month === 12 && period > life) || period > life + 1 || month <= 0 || month > 12 || period <= 0 || cost < 0) return NUM();
  if (cost === 0) return 0;
  const rate = Math.round((1 - Math.pow(salvage / cost, 1 / life)) * 1000) / 1000;
  const p = Math.trunc(period);
  const first = (cost * rate * month) / 12;
  if (p <= 1) return first;
  // the balance declines period by period, as Excel's last digits show
  let balance = cost - first;
  for (let i = 2; i < p; i++) balance -= balance * rate;
  return p === Math.trunc(life) + 1 ? (balance * rate * (12 - month)) / 12 : balance * rate;
}

/** Declining-balance depreciation of one period at `factor`, never below salvage nor negative. */
function declining(cost: number, salvage: number, life: number, period: number, factor: number): number {
  let rate = factor / life;
  let before: number;
  if (rate >= 1) {
    rate = 1;
    before = period === 1 ? cost : 0;
  } else before = cost * Math.pow(1 - rate, period - 1);
  const after = cost * Math.pow(1 - rate, period);
  return Math.max(after < salvage ? before - salvage : before - after, 0);
}

function ddb([cost, salvage, life, period, factor]: number[]): Num {
  if (period > life || cost < 0 || salvage < 0 || period <= 0 || factor <= 0) return NUM();
  return declining(cost, salvage, life, period < 1 ? 1 : period, factor);
}

/** VDB's depreciation over the first `period` periods (the last one prorated), switching to straight line over `life1` when larger. */
function switching(cost: number, salvage: number, life: number, life1: number, period: number, factor: number): number {
  const end = Math.ceil(period);
  let total = 0, left = cost - salvage, sln = 0, nowSln = false;
  for (let i = 1; i <= end; i++) {
    let term: number;
    if (nowSln) term = sln;
    else {
      const d = declining(cost, salvage, life, i, factor);
      sln = left / (life1 - (i - 1));
      if (sln > d) [term, nowSln] = [sln, true];
      else [term, left] = [d, left - d];
    }
    total += i === end ? term * (period + 1 - end) : term;
  }
  return total;
}

function vdb([cost, salvage, life, start, end, factor, noSwitch]: number[]): Num {
  if (cost < 0 || salvage < 0 || life <= 0 || factor <= 0 || start < 0 || start > life || end > life || start > end || end <= 0) return NUM();
  if (!noSwitch && life === start && start === end) return NUM();
  if (start !== Math.floor(start) || end !== Math.floor(end)) unsupported("VDB over a fractional period: Excel prorates it in a way the engine does not reproduce");
  const [s0, e1] = [Math.floor(start), Math.ceil(end)];
  if (noSwitch) {
    let total = 0;
    for (let i = s0 + 1; i <= e1; i++) {
      const d = declining(cost, salvage, life, i, factor);
      total += i === s0 + 1 ? d * (Math.min(end, s0 + 1) - start) : i === e1 ? d * (end + 1 - e1) : d;
    }
    return total;
  }
  let [life1, from, to] = [life, start, end];
  // a fractional start past half the life moves back to the half, the end and the life with it
  if (from !== Math.floor(from) && factor > 1 && from >= life / 2) {
    const part = from - life / 2;
    [from, to, life1] = [life / 2, to - part, life1 + 1];
  }
  const left = cost - switching(cost, salvage, life, life1, from, factor);
  return switching(left, salvage, life, life - from, to - from, factor);
}

export const DEPRECIATION: PureFamily = {
  SLN: numeric(3, "nnn", ([cost, salvage, life]) => (life === 0 ? DIV0() : (cost - salvage) / life)),
  SYD: numeric(4, "nnnn", syd),
  DB: numeric(4, "nnnnI", db, [undefined, undefined, undefined, undefined, 12]),
  DDB: numeric(4, "nnnnn", ddb, [undefined, undefined, undefined, undefined, 2]),
  VDB: numeric(5, "nnnnnnn", vdb, [undefined, undefined, undefined, undefined, undefined, 2, 0]),
};
