/** The parts of fast-formula-parser 1.0.19 (MIT, no bundled types) the engine uses. */
declare module "fast-formula-parser" {
  export interface FfpCellRef { sheet?: string; row: number; col: number }
  export interface FfpRangeRef { sheet?: string; from: { row: number; col: number }; to: { row: number; col: number } }
  export interface FfpArg { value: unknown; isArray?: boolean; isRangeRef?: boolean; isCellRef?: boolean; omitted?: boolean; ref?: unknown }
  export interface FfpConfig {
    functions?: Record<string, (...args: any[]) => unknown>;
    functionsNeedContext?: Record<string, (context: FormulaParser, ...args: any[]) => unknown>;
    onVariable?: (name: string, sheet: string) => FfpCellRef | FfpRangeRef | null;
    onCell?: (ref: FfpCellRef) => unknown;
    onRange?: (ref: FfpRangeRef) => unknown[][];
  }
  class FormulaError extends Error {
    constructor(error: string, msg?: string, details?: unknown);
    readonly error: string;
    static readonly DIV0: FormulaError;
    static readonly NA: FormulaError;
    static readonly NAME: FormulaError;
    static readonly NULL: FormulaError;
    static readonly NUM: FormulaError;
    static readonly REF: FormulaError;
    static readonly VALUE: FormulaError;
  }
  class FormulaParser {
    constructor(config?: FfpConfig);
    functions: Record<string, (...args: any[]) => unknown>;
    funsNeedContext: string[];
    position: { sheet: string; row: number; col: number };
    async: boolean;
    parser: { input: unknown[]; errors: unknown[]; formulaWithBinaryOp(): unknown };
    checkFormulaResult(result: unknown, allowReturnArray?: boolean): unknown;
    supportedFunctions(): string[];
    parse(text: string, position: { sheet: string; row: number; col: number }, allowReturnArray?: boolean): unknown;
    static FormulaError: typeof FormulaError;
  }
  export default FormulaParser;
}

declare module "fast-formula-parser/grammar/lexing" {
  export function lex(text: string): { tokens: unknown[] };
}

declare module "fast-formula-parser/formulas/operators" {
  export const Infix: {
    compareOp(value1: unknown, infix: string, value2: unknown, isArray1: boolean, isArray2: boolean): unknown;
  };
}
