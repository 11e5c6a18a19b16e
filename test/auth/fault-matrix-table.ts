/** The fault points of the refresh fault matrix and what a cell records. */

export type FaultId =
  | "refused"
  | "unreachable"
  | "reset"
  | "cut"
  | "timeout"
  | "ambiguous"
  | "save-full"
  | "save-readonly"
  | "save-denied"
  | "full-before"
  | "killed"
  | "at-once"
  | "signout-race";

export type EndState = "signed_in" | "sign_in_again" | "signed_out" | "broken";

export interface Fault {
  id: FaultId;
  title: string;
  /** End states that are right for this fault. */
  expect: EndState[];
  /** Has a realisation in the CLI runtimes / in the browser runtime. */
  cli: boolean;
  browser: boolean;
}

export const FAULTS: Fault[] = [
  { id: "refused", title: "refused before sending (CLI: connection refused; add-in: offline)", expect: ["signed_in"], cli: true, browser: true },
  { id: "unreachable", title: "the token endpoint's origin does not answer the probe (add-in)", expect: ["signed_in"], cli: false, browser: true },
  { id: "reset", title: "server rotates, answer lost: connection reset before any answer byte", expect: ["sign_in_again"], cli: true, browser: true },
  { id: "cut", title: "server rotates, answer lost: connection cut mid-answer", expect: ["sign_in_again"], cli: true, browser: true },
  { id: "timeout", title: "server rotates, answer lost: timeout", expect: ["sign_in_again"], cli: true, browser: true },
  { id: "ambiguous", title: "server rotates, answer unreadable: 500", expect: ["sign_in_again"], cli: true, browser: true },
  { id: "save-full", title: "answer arrives, saving fails: full (ENOSPC / QuotaExceededError)", expect: ["sign_in_again"], cli: true, browser: true },
  { id: "save-readonly", title: "answer arrives, saving fails: read-only (EROFS / storage blocked)", expect: ["sign_in_again"], cli: true, browser: true },
  { id: "save-denied", title: "answer arrives, saving fails: not writable (EACCES)", expect: ["sign_in_again"], cli: true, browser: false },
  { id: "full-before", title: "storage already full before sending (ENOSPC / QuotaExceededError)", expect: ["sign_in_again"], cli: true, browser: true },
  { id: "killed", title: "killed after rotation, before saving (SIGKILL / workbook closed)", expect: ["sign_in_again"], cli: true, browser: true },
  { id: "at-once", title: "three processes / two runtimes refresh at once", expect: ["signed_in"], cli: true, browser: true },
  // Signed out is the user's wish; "sign in again" if the sign-out's lock came first and found the refresh's mark.
  { id: "signout-race", title: "sign-out races a refresh", expect: ["signed_out", "sign_in_again"], cli: true, browser: true },
];

export interface Outcome {
  state: EndState;
  detail: string;
}

export interface Cell {
  runtime: string;
  fault: FaultId;
  applicable: boolean;
  /** Presentations of a rotated refresh token by OUR client (sent by the code under test). */
  rotatedPresentations?: number;
  end?: Outcome;
  notes?: string[];
}

export interface Runtime {
  name: string;
  faults: FaultId[];
  cell(fault: Fault): Promise<Cell>;
  close(): Promise<void>;
}
