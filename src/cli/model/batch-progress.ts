/**
 * Progress of a run over several models, on stderr: one line per file as it settles, or on a terminal
 * one bar redrawn in place (a file that fails still gets its own line above the bar). File names go
 * through the terminal filter; the only control characters written are our own carriage return and
 * erase-line.
 */
import { terminalText } from "../terminal";

export interface ProgressStream {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

export interface FileProgress {
  /** The run's price, once known ("57 SVC cells; this run costs 12 calls"). */
  start(text: string): void;
  /** A file settled; `failed` puts its line above the bar on a terminal. */
  file(name: string, outcome: string, failed: boolean): void;
  end(): void;
}

const ERASE = "\r\x1b[K";
const BAR = 24;

function bar(done: number, total: number, name: string, columns: number): string {
  const filled = total === 0 ? BAR : Math.round((done / total) * BAR);
  const head = `[${"#".repeat(filled)}${"-".repeat(BAR - filled)}] ${done}/${total} `;
  const room = Math.max(0, columns - head.length - 1);
  const shown = name.length > room ? `...${name.slice(name.length - Math.max(0, room - 3))}` : name;
  return head + shown;
}

export function fileProgress(label: string, total: number, stream: ProgressStream = process.stderr): FileProgress {
  let done = 0;
  const tty = stream.isTTY === true;
  const say = (text: string) => stream.write(`${tty ? ERASE : ""}svc-excel ${label}: ${terminalText(text)}\n`);
  const redraw = (name: string) => tty && stream.write(ERASE + bar(done, total, terminalText(name), stream.columns ?? 80));
  return {
    start(text) {
      say(text);
      redraw("");
    },
    file(name, outcome, failed) {
      done++;
      if (!tty) say(`[${done}/${total}] ${name}: ${outcome}`);
      else if (failed) say(`${name}: ${outcome}`);
      redraw(name);
    },
    end() {
      if (tty) stream.write("\n");
    },
  };
}
