/**
 * A credential source bound to one connection: it hands out a token only while that
 * connection is still the one signed in, so a call queued by account A is never sent with account
 * B's token (and B's answer never lands in A's cache). The token is read first, the connection id
 * after it: a token read under a connection that has since changed is refused.
 */
import type { CredentialSource } from "./client";
import { SvcError } from "./errors";

export const SIGN_IN_CHANGED = "The sign-in changed while this call waited; recalculate";

export function boundCredentials(source: CredentialSource, id: string | null): CredentialSource {
  const stillOurs = async (token: string): Promise<string> => {
    const now = source.connectionId ? await source.connectionId().catch(() => null) : id;
    if (now !== id) throw new SvcError("signed_out", SIGN_IN_CHANGED);
    return token;
  };
  const bound: CredentialSource = {
    getToken: async () => stillOurs(await source.getToken()),
    connectionId: async () => id,
  };
  if (source.onUnauthorized) {
    const retry = source.onUnauthorized.bind(source);
    bound.onUnauthorized = async (refused) => {
      const next = await retry(refused);
      return next === null ? null : stillOurs(next);
    };
  }
  return bound;
}
