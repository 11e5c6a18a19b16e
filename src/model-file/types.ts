/** A model's values and references are the formula room's (src/formula), so its cells feed the resolver and the engine as they are. */
export type { AreaRef, CellRef, CellValue, DefinedName } from "../formula/types";
export { isErrorValue } from "../formula/types";
