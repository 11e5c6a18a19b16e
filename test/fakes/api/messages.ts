/** The `detail` texts of the fake API's refusals (the spec gives the statuses; the wording is the fake's). */
export const MESSAGES = {
  busy: "Another call with this credential is still running; retry when it finishes",
  quota: (n: number) => `Daily quota of ${n} calls used up; it resets at 00:00 UTC`,
  unavailable: "The API is temporarily switched off",
  payment: "The account behind this credential has no active plan or trial",
  missing: "Missing credential: send Authorization: Bearer <API key or access token>",
  unknownKey: "Unknown or revoked API key",
  unknownToken: "Unknown, expired or revoked access token",
  internal: "Internal Server Error",
};
