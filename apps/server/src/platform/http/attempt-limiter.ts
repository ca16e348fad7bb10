/**
 * Fixed-window counter per key, in memory of this instance. @fastify/rate-limit runs one limiter per request,
 * so the second dimension (attempts per username, across IPs) is counted here.
 */
export interface AttemptLimiter {
  /** counts one attempt; false once the key has used up its attempts in the current window. */
  hit(key: string): boolean;
}

export function createAttemptLimiter(
  max: number,
  windowMs: number,
  now: () => number = Date.now,
): AttemptLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = now() + windowMs;
  return {
    hit(key) {
      const at = now();
      if (at >= nextSweep) {
        for (const [k, w] of windows) if (w.resetAt <= at) windows.delete(k);
        nextSweep = at + windowMs;
      }
      const current = windows.get(key);
      if (!current || current.resetAt <= at) {
        windows.set(key, { count: 1, resetAt: at + windowMs });
        return true;
      }
      current.count += 1;
      return current.count <= max;
    },
  };
}
