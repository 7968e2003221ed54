/**
 * Wraps a probe so that it runs once at a time and its result is answered again for `keepMs`
 * after it settles: however many callers ask meanwhile, the parts it probes are asked once.
 */
export function sharedProbe<T>(probe: () => Promise<T>, keepMs: number, now: () => number = Date.now): () => Promise<T> {
  let last: Promise<T> | null = null;
  let settledAt: number | null = null;
  return () => {
    // In flight (settledAt null), or settled less than keepMs ago: the same answer.
    if (last && (settledAt === null || now() - settledAt < keepMs)) return last;
    settledAt = null;
    const current = probe().finally(() => {
      if (last === current) settledAt = now();
    });
    last = current;
    return current;
  };
}
