/** The complex-number functions (COMPLEX, IMREAL ... IMCSCH) on Excel's text form (see ./complex.ts). */
import type { CellValue } from "../../types";
import { err, isErrorValue } from "../kinds";
import { Complex, complexArg, complexArgs, complexText, unitOf } from "./complex";
import { finite, text, TOOLPAK, tpNum } from "./math-args";
import type { Arg, PureFamily, PureFunction } from "./types";

type Z = { re: number; im: number };
const mul = (a: Z, b: Z): Z => ({ re: a.re * b.re - a.im * b.im, im: a.re * b.im + a.im * b.re });
function div(a: Z, b: Z): Z {
  const d = b.re * b.re + b.im * b.im;
  return { re: (a.re * b.re + a.im * b.im) / d, im: (a.im * b.re - a.re * b.im) / d };
}
const abs = (z: Z) => Math.hypot(z.re, z.im);
const arg = (z: Z) => Math.atan2(z.im, z.re);
const inv = (z: Z) => div({ re: 1, im: 0 }, z);
const isZero = (z: Z) => z.re === 0 && z.im === 0;

const sin = (z: Z): Z => ({ re: Math.sin(z.re) * Math.cosh(z.im), im: Math.cos(z.re) * Math.sinh(z.im) });
const cos = (z: Z): Z => ({ re: Math.cos(z.re) * Math.cosh(z.im), im: -Math.sin(z.re) * Math.sinh(z.im) });
const sinh = (z: Z): Z => ({ re: Math.sinh(z.re) * Math.cos(z.im), im: Math.cosh(z.re) * Math.sin(z.im) });
const cosh = (z: Z): Z => ({ re: Math.cosh(z.re) * Math.cos(z.im), im: Math.sinh(z.re) * Math.sin(z.im) });
/**
 * tan, cot and csc over cosh 2y ∓ cos 2x, which keeps a tiny real part (IMTAN("7+25j") is
 * 3.8E-22+j); where that difference cancels (near a pole, IMCOT(1E-16)) over its exact form
 * 2(sinh²y + sin²x) or 2(sinh²y + cos²x) instead.
 */
function denominator(z: Z, minus: boolean): number {
  const d = minus ? Math.cosh(2 * z.im) - Math.cos(2 * z.re) : Math.cosh(2 * z.im) + Math.cos(2 * z.re);
  if (Math.abs(d) > 1e-8 * Math.cosh(2 * z.im)) return d;
  return 2 * (Math.sinh(z.im) ** 2 + (minus ? Math.sin(z.re) : Math.cos(z.re)) ** 2);
}
const nearZero = (z: Z) => denominator(z, true);
const nearPole = (z: Z) => denominator(z, false);
const tan = (z: Z): Z => scale({ re: Math.sin(2 * z.re), im: Math.sinh(2 * z.im) }, 1 / nearPole(z));
const cot = (z: Z): Z => scale({ re: Math.sin(2 * z.re), im: -Math.sinh(2 * z.im) }, 1 / nearZero(z));
const csc = (z: Z): Z => scale({ re: Math.sin(z.re) * Math.cosh(z.im), im: -Math.cos(z.re) * Math.sinh(z.im) }, 2 / nearZero(z));
const ln = (z: Z): Z => ({ re: Math.log(abs(z)), im: arg(z) });
const scale = (z: Z, k: number): Z => ({ re: z.re * k, im: z.im * k });

/** A function of one complex number to a complex one; `zero` answers for 0 where the function has a pole. */
function one(f: (z: Z) => Z, poleAtZero = false): PureFunction {
  return { ...TOOLPAK, min: 1, max: 1, fn: ([a]) => {
    const z = complexArg(a);
    if (isErrorValue(z)) return z;
    if (poleAtZero && isZero(z)) return err("#NUM!");
    return complexText(f(z), unitOf([z]) as string);
  } };
}

/** A function of one complex number to a real one. */
const real = (f: (z: Complex) => CellValue): PureFunction => ({ ...TOOLPAK, min: 1, max: 1, fn: ([a]) => {
  const z = complexArg(a);
  return isErrorValue(z) ? z : f(z);
} });

/** Every value of the arguments, ranges included (IMSUM, IMPRODUCT). */
const flat = (args: Arg[]): Arg[] => args.flatMap((a) => (Array.isArray(a) ? a.flat() : [a]));

function fold(start: Z, step: (acc: Z, z: Z) => Z): PureFunction {
  return { ...TOOLPAK, min: 1, max: 255, ranges: "all", fn: (args) => {
    const zs = complexArgs(flat(args));
    if (isErrorValue(zs)) return zs;
    const unit = unitOf(zs);
    return isErrorValue(unit) ? unit : complexText(zs.reduce(step, start), unit);
  } };
}

function pair(f: (a: Z, b: Z) => Z | CellValue): PureFunction {
  return { ...TOOLPAK, min: 2, max: 2, fn: (args) => {
    const zs = complexArgs(args);
    if (isErrorValue(zs)) return zs;
    const unit = unitOf(zs, err("#NUM!"));
    if (isErrorValue(unit)) return unit;
    const r = f(zs[0], zs[1]);
    return r !== null && typeof r === "object" && "re" in r ? complexText(r, unit) : r;
  } };
}

function COMPLEX([a, b, c]: Arg[]): CellValue {
  const re = tpNum(a), im = tpNum(b);
  if (typeof re !== "number") return re;
  if (typeof im !== "number") return im;
  const unit = c === undefined || c === null ? "" : text(c);
  if (typeof unit !== "string") return unit;
  if (unit !== "" && unit !== "i" && unit !== "j") return err("#VALUE!");
  return complexText({ re, im }, unit || "i");
}

function IMPOWER([a, b]: Arg[]): CellValue {
  const z = complexArg(a), n = tpNum(b);
  if (isErrorValue(z)) return z;
  if (typeof n !== "number") return n;
  if (isZero(z)) return n > 0 ? "0" : err("#NUM!");
  const r = abs(z) ** n, t = arg(z) * n;
  return complexText({ re: r * Math.cos(t), im: r * Math.sin(t) }, unitOf([z]) as string);
}

export const COMPLEX_FNS: PureFamily = {
  COMPLEX: { ...TOOLPAK, min: 2, max: 3, fn: COMPLEX },
  IMREAL: real((z) => z.re),
  IMAGINARY: real((z) => z.im),
  IMABS: real((z) => finite(abs(z))),
  IMARGUMENT: real((z) => (isZero(z) ? err("#DIV/0!") : arg(z))),
  IMCONJUGATE: one((z) => ({ re: z.re, im: -z.im })),
  IMSUM: fold({ re: 0, im: 0 }, (s, z) => ({ re: s.re + z.re, im: s.im + z.im })),
  IMPRODUCT: fold({ re: 1, im: 0 }, mul),
  IMSUB: pair((a, b) => ({ re: a.re - b.re, im: a.im - b.im })),
  IMDIV: pair((a, b) => (isZero(b) ? err("#NUM!") : div(a, b))),
  IMPOWER: { ...TOOLPAK, min: 2, max: 2, fn: IMPOWER },
  IMSQRT: one((z) => {
    const r = Math.sqrt(abs(z)), t = arg(z) / 2;
    return { re: r * Math.cos(t), im: r * Math.sin(t) };
  }),
  IMEXP: one((z) => scale({ re: Math.cos(z.im), im: Math.sin(z.im) }, Math.exp(z.re))),
  IMLN: one(ln, true),
  IMLOG10: one((z) => scale(ln(z), 1 / Math.LN10), true),
  IMLOG2: one((z) => scale(ln(z), 1 / Math.LN2), true),
  IMSIN: one(sin),
  IMCOS: one(cos),
  IMTAN: one(tan),
  IMCOT: one(cot, true),
  IMSEC: one((z) => inv(cos(z))),
  IMCSC: one(csc, true),
  IMSINH: one(sinh),
  IMCOSH: one(cosh),
  IMSECH: one((z) => inv(cosh(z))),
  IMCSCH: one((z) => inv(sinh(z)), true),
};
