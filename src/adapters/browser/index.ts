/** The door of src/adapters/browser: what other rooms use of it (they import nothing behind it). */
export { IndexedDbStore } from "./indexeddb-store";
export { browserLock } from "./web-lock";
