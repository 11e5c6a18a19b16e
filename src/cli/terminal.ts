/**
 * The one place where text is made safe for a terminal. Every byte the CLI prints goes
 * through `writeOut` / `writeErr` (or `writeAll`), whatever it carries: API text, an authorization
 * server's error text, a line of a --file, a path. Control characters (escape sequences, C1
 * controls, bidi overrides and isolates, line/paragraph separators) never reach the terminal; `--json`
 * output is escaped instead (`jsonText`), so a JSON reader still gets every character back.
 */

// C0 controls but tab/newline/carriage return, DEL, C1 controls, bidi embeddings/overrides/isolates,
// line/paragraph separators, and the bidi marks: none of them may reach a terminal from outside text.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const BREAKS = /[\t\n\r]/g;

/** One line of terminal-safe text: controls become U+FFFD, tabs and line breaks a space. */
export function terminalText(s: string): string {
  return s.replace(BREAKS, " ").replace(CONTROL, "\uFFFD");
}

/** Terminal-safe text of several lines: line breaks kept (CR LF and CR as LF), tabs kept, every other control replaced. */
export function terminalBlock(s: string): string {
  return s.replace(/\r\n?/g, "\n").replace(CONTROL, "\uFFFD");
}

/** What JSON.stringify leaves raw but a terminal (or a JavaScript reader of old) would act on. */
const JSON_UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** JSON with C1 controls, bidi controls and U+2028/2029 escaped as \uXXXX (C0 are escaped by JSON itself). Lossless. */
export function jsonText(value: unknown): string {
  return JSON.stringify(value).replace(JSON_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * Write and resolve once the stream has accepted the bytes (its callback). With a pipe on stdout,
 * Node writes asynchronously: exiting before this resolves cuts the output (64 KiB was the symptom).
 * The text is made terminal-safe on the way (a no-op for jsonText output).
 */
export function writeAll(stream: NodeJS.WritableStream, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // A reader that went away (`| head`) is not a failure of this run: nothing more to write.
    stream.write(terminalBlock(text), (err?: Error | null) => (err && (err as NodeJS.ErrnoException).code !== "EPIPE" ? reject(err) : resolve()));
  });
}

/** Fire-and-forget writes for messages (the process waits for both streams before it ends: bin/svc-excel.js). */
export function writeOut(text: string): void {
  process.stdout.write(terminalBlock(text));
}

export function writeErr(text: string): void {
  process.stderr.write(terminalBlock(text));
}

/** A sink (e.g. the login command's io) made safe: whatever it is handed is cleaned first. */
export function safeSink(sink: (s: string) => void): (s: string) => void {
  return (s) => sink(terminalBlock(s));
}
