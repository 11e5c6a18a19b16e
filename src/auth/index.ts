/** The door of src/auth: what other rooms use of it (they import nothing behind it). */
export { addinUrlFromPage, redirectUriFor } from "./dialog-urls";
export { isSignInError } from "./errors";
export { OAuthClient } from "./oauth-client";
export type { AuthStatus, OAuthClientOptions } from "./oauth-client";
export { signInWithDialog } from "./pane-signin";
export type { PaneSignInState } from "./pane-signin";
export { browserOffline, originProbe } from "./reachability";
export { LocalStorageTokenStore, MemoryTokenStore, registeredClientIds, tokenLess } from "./store";
export type { ClientRegistration, ListableStorage, StorageLike, TokenRecord, TokenStore } from "./store";
export { TokenPoolRouter } from "./token-pool";
