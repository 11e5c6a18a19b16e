/**
 * The page host's sign-in (src/compose/page-runtime.ts: host.auth = OAuthClient, host.signIn = the Office
 * dialog flow) as the pane's AuthPort. Adds the transient "signing_in" state while the dialog flow
 * runs; failures reach the pane as signIn() rejections (SignInError with its code).
 */
import type { PaneSignInState } from "../../auth";
import { tellEach } from "../../platform";
import { AuthPort, PaneAuthStatus } from "./types";

export interface HostAuthLike {
  auth: {
    status(): Promise<PaneAuthStatus> | PaneAuthStatus;
    onStatusChange(listener: (s: PaneAuthStatus) => void): () => void;
    signOut(): Promise<unknown>;
  } | null;
  signIn(onState?: (s: PaneSignInState) => void): Promise<unknown>;
}

/** undefined when the host signs in with a development key (no OAuth client). */
export function authPortFromHost(host: HostAuthLike): AuthPort | undefined {
  const client = host.auth;
  if (!client) return undefined;
  const listeners = new Set<(s: PaneAuthStatus) => void>();
  let signing = false;
  const emit = (s: PaneAuthStatus): void => tellEach(listeners, s);
  const emitStored = (): void => {
    Promise.resolve()
      .then(() => client.status())
      .then(emit, () => undefined);
  };
  return {
    status: () => (signing ? { state: "signing_in" } : client.status()),
    onStatusChange(listener) {
      listeners.add(listener);
      const off = client.onStatusChange((s) => {
        if (!signing) listener(s);
      });
      return () => {
        listeners.delete(listener);
        off();
      };
    },
    async signIn() {
      signing = true;
      emit({ state: "signing_in" });
      try {
        return await host.signIn((s) => {
          if (s.phase === "preparing" || s.phase === "dialog_open" || s.phase === "exchanging") emit({ state: "signing_in" });
        });
      } finally {
        signing = false;
        emitStored();
      }
    },
    signOut: () => client.signOut(),
  };
}
