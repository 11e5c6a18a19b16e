/** Change notifications shared by the engine, auth and the pane. Pure. */

/** Tell each listener (a copy of the set: one may unsubscribe while told); one that throws does not stop the rest. */
export function tellEach<T>(listeners: Iterable<(value: T) => void>, value: T): void {
  for (const l of [...listeners]) {
    try {
      l(value);
    } catch {
      /* a listener's failure is its own */
    }
  }
}
