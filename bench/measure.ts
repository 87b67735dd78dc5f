/** One benchmark case: a name, an async operation, and optionally the group it is compared in. */
export interface Case {
  readonly name: string;
  readonly run: () => Promise<unknown>;
}

/** How many calls make a batch of at least `targetMs`. */
async function calibrate(run: () => Promise<unknown>, targetMs: number): Promise<number> {
  let n = 1;
  for (;;) {
    const started = performance.now();
    for (let i = 0; i < n; i++) await run();
    if (performance.now() - started >= targetMs) return n;
    n *= 2;
  }
}

/**
 * Median nanoseconds per call of each case: calibrated batches of 40 ms or more, warmed up, then
 * `rounds` rounds, each in a freshly shuffled order, as the peer baseline was measured.
 */
export async function measure(
  cases: readonly Case[],
  rounds: number,
  log: (line: string) => void,
): Promise<Map<string, number>> {
  const batch = new Map<string, number>();
  for (const c of cases) {
    await calibrate(c.run, 20);
    batch.set(c.name, await calibrate(c.run, 40));
  }
  const samples = new Map<string, number[]>(cases.map((c) => [c.name, []]));
  for (let round = 0; round < rounds; round++) {
    const order = [...cases].sort(() => Math.random() - 0.5);
    for (const c of order) {
      const n = batch.get(c.name)!;
      const started = performance.now();
      for (let i = 0; i < n; i++) await c.run();
      samples.get(c.name)!.push(((performance.now() - started) * 1e6) / n);
    }
    log(`  round ${round + 1}/${rounds}`);
  }
  return new Map([...samples].map(([name, values]) => [name, median(values)]));
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function format(ns: number): string {
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(1)} ms`;
  if (ns >= 1e3) return `${(ns / 1e3).toFixed(2)} µs`;
  return `${Math.round(ns)} ns`;
}
