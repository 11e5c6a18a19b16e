/** A1 addresses moved to the pure formula module (src/formula/address.ts); re-exported for the Office wrappers. */
export * from "../formula/text/address";
