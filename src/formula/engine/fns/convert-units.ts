/**
 * CONVERT's units as Excel lists them, by quantity: each unit's size in the quantity's first unit,
 * from the units' definitions (the international foot and pound, standard gravity, the 1929
 * nautical mile ...). `*` marks a unit that takes a decimal prefix ("km", "mg").
 */
const LB = 0.45359237, G0 = 9.80665, FT = 0.3048, IN = 0.0254, MI = 1609.344, LY = 9460730472580800;
const LBF = LB * G0, PICA = IN / 72, GAL = 231 * IN ** 3, ATM = 101325;
const HP = 550 * FT * LBF;

type Table = Record<string, [number, boolean]>;

/** "a|b*": a and b are one unit of `size`; `*` lets a decimal prefix stand before it. */
function quantity(spec: [string, number][]): Table {
  const out: Table = {};
  for (const [names, size] of spec) for (const n of names.split("|")) out[n.replace("*", "")] = [size, n.endsWith("*")];
  return out;
}

/** Squares and cubes of the lengths: "m2" and "m^2"; a prefix counts twice or thrice ("km2" is 1E6 m2). */
function powers(power: 2 | 3): [string, number][] {
  const lengths: [string, number, boolean][] = [["m", 1, true], ["mi", MI, false], ["Nmi", 1852, false], ["in", IN, false], ["ft", FT, false],
    ["yd", 0.9144, false], ["ang", 1e-10, true], ["ly", LY, false], ["Picapt", PICA, false], ["Pica", PICA, false]];
  return lengths.map(([n, size, prefix]) => [`${n}${power}${prefix ? "*" : ""}|${n}^${power}${prefix ? "*" : ""}`, size ** power]);
}

export const QUANTITIES: Table[] = [
  quantity([["g*", 1], ["sg", (LBF / FT) * 1000], ["lbm", LB * 1000], ["u*", 1.660538782e-24], ["ozm", (LB * 1000) / 16],
    ["grain", 0.06479891], ["cwt|shweight", LB * 1e5], ["uk_cwt|lcwt|hweight", LB * 112e3], ["stone", LB * 14e3], ["ton", LB * 2e6],
    ["uk_ton|LTON|brton", LB * 2240e3]]),
  quantity([["m*", 1], ["mi", MI], ["Nmi", 1852], ["in", IN], ["ft", FT], ["yd", 0.9144], ["ang*", 1e-10], ["ell", 1.143], ["ly*", LY],
    ["parsec*|pc*", 30856775812815.5 * 1000], ["Picapt|Pica", PICA], ["pica", IN / 6], ["survey_mi", 6336000 / 3937]]),
  quantity([["yr", 365.25 * 86400], ["day|d", 86400], ["hr", 3600], ["mn|min", 60], ["sec*|s*", 1]]),
  quantity([["Pa*|p*", 1], ["atm*|at*", ATM], ["mmHg*", 133.322], ["psi", LBF / IN ** 2], ["Torr", ATM / 760]]),
  quantity([["N*", 1], ["dyn*|dy*", 1e-5], ["lbf", LBF], ["pond*", G0 / 1000]]),
  quantity([["J*", 1], ["e*", 1e-7], ["c*", 4.184], ["cal*", 4.1868], ["eV*|ev*", 1.602176487e-19], ["HPh|hh", HP * 3600], ["Wh*|wh*", 3600],
    ["flb", FT * LBF], ["BTU|btu", 1055.05585262]]),
  quantity([["HP|h", HP], ["PS", 75 * G0], ["W*|w*", 1]]),
  quantity([["T*", 1], ["ga*", 1e-4]]),
  quantity([["tsp", GAL / 768], ["tspm", 5e-6], ["tbs", GAL / 256], ["oz", GAL / 128], ["cup", GAL / 16], ["pt|us_pt", GAL / 8],
    ["uk_pt*", 0.00056826125], ["qt", GAL / 4], ["uk_qt", 0.00113652250], ["gal", GAL], ["uk_gal", 0.00454609], ["l*|L*|lt*", 1e-3],
    ["barrel", 42 * GAL], ["bushel", 0.03523907016688], ["regton|GRT", 100 * FT ** 3], ["MTON", 40 * FT ** 3], ...powers(3)]),
  quantity([["uk_acre", 4046.8564224], ["us_acre", (43560 * 1200 * 1200) / 3937 / 3937], ["ar*", 100], ["ha", 1e4], ["Morgen", 2500], ...powers(2)]),
  quantity([["bit*", 1], ["byte*", 8]]),
  quantity([["admkn", (6080 * FT) / 3600], ["kn", 1852 / 3600], ["m/h*|m/hr*", 1 / 3600], ["m/s*|m/sec*", 1], ["mph*", MI / 3600]]),
];

export const PREFIXES: Record<string, number> = {
  Y: 1e24, Z: 1e21, E: 1e18, P: 1e15, T: 1e12, G: 1e9, M: 1e6, k: 1e3, h: 1e2, da: 10, e: 10,
  d: 0.1, c: 0.01, m: 1e-3, u: 1e-6, n: 1e-9, p: 1e-12, f: 1e-15, a: 1e-18, z: 1e-21, y: 1e-24,
};

/** Binary prefixes, for bits and bytes only ("kibyte" is 1024 bytes). */
export const BINARY_PREFIXES: Record<string, number> = { Yi: 2 ** 80, Zi: 2 ** 70, Ei: 2 ** 60, Pi: 2 ** 50, Ti: 2 ** 40, Gi: 2 ** 30, Mi: 2 ** 20, ki: 2 ** 10 };
