/** The door of src/adapters/node: what other rooms use of it (they import nothing behind it). */
export { modeOf, writeFileAtomic } from "./atomic-write";
export { cacheRoots, rememberCacheRoot } from "./cache-roots";
export { FileLock } from "./file-lock";
export { FileStore } from "./file-store";
export { FileTokenStore } from "./file-token-store";
export { PrivateStateError } from "./private-dir";
export { proxyAwareFetch } from "./proxy-fetch";
