/** The door of src/platform: what other rooms use of it (they import nothing behind it). */
export type { DialogHandle, DialogHost, DialogOpenOptions } from "./dialog-port";
export { tellEach } from "./listeners";
export { LocalLock } from "./locks";
export type { CrossLock } from "./locks";
export { isLoopbackHost, isLoopbackHttp, isSecureOrLoopback, normaliseBaseUrl, trimBaseUrl } from "./urls";
