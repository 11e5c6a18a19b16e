/** The door of src/host: what other rooms use of it (they import nothing behind it). */
export { effectiveConfig } from "./config";
export type { Host } from "./host";
