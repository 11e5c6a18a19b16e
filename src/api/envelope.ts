/**
 * The answer envelope `{data, text, link}`: one check and one message, for the client reading a
 * body and for the engine reading whatever a client handed back (a test's, a wrapped one).
 */
import { SvcError } from "./errors";

export interface Envelope {
  data: Record<string, unknown>;
  text: string;
  link: string;
}

/** The envelope of `body`, or a `malformed` SvcError saying what is wrong with it. */
export function envelopeOf(body: unknown, status?: number): Envelope {
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new SvcError("malformed", "The API's answer is not an object", { status });
  const env = body as Record<string, unknown>;
  const data = env.data;
  if (!data || typeof data !== "object" || Array.isArray(data)) throw new SvcError("malformed", "The API's answer has no data object", { status });
  return { data: data as Record<string, unknown>, text: typeof env.text === "string" ? env.text : "", link: typeof env.link === "string" ? env.link : "" };
}
