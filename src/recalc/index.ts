/** src/recalc: the one rectangle, an area index, the dependency graph and the recalculation order. */
export { areasOverlap, cellRect, contains, sameRect, sameSheet, sizeOf } from "./area";
export type { Area, Rect } from "./area";
export { AreaIndex } from "./area-index";
export { DependencyGraph } from "./graph";
export { Schedule } from "./schedule";
