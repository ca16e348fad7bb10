/** When a check must answer, how long a probe may run, and the clock of answers kept (tests move it). */
export interface ProbeTiming {
  /** a check answers within this, whatever its probes do */
  answerWithinMs: number;
  /** a probe unanswered this long has failed */
  probeTimeoutMs: number;
  now: () => number;
}

const LATE = Symbol('late');

/** `promise`'s value, or LATE when it has not settled within `ms`. */
export function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof LATE> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof LATE>((resolve) => {
    timer = setTimeout(() => resolve(LATE), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export const isLate = (value: unknown): value is typeof LATE => value === LATE;

/**
 * One part of the health check (the database, the storage), by this rule (decision 0110):
 * - a probe that answers decides: up, or down at once when it failed;
 * - a probe that has not answered when the check must answer leaves the part's last answer standing (under
 *   CPU contention a probe is late, not failed) and keeps running; checks meanwhile wait for the same probe;
 * - a probe unanswered after `probeTimeoutMs` has failed: the part is down until a later probe answers;
 * - an answer is reused for `reuseMs` (the storage: S3 requests cost).
 * Before any answer, a late probe counts as down: the part has not been seen working yet.
 */
export function createProbe(
  part: string,
  run: () => Promise<boolean>,
  deps: {
    timing: ProbeTiming;
    reuseMs: number;
    log: { warn(object: object, message: string): void; info(object: object, message: string): void };
  },
): () => Promise<boolean> {
  const { timing, reuseMs, log } = deps;
  let last: { up: boolean; at: number } | undefined;
  let running: Promise<boolean> | undefined;

  const probe = async (): Promise<boolean> => {
    const outcome = await within(run(), timing.probeTimeoutMs).catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      log.warn({ reason }, `health: ${part} check failed`);
      return false as const;
    });
    if (isLate(outcome)) log.warn({ timeoutMs: timing.probeTimeoutMs }, `health: ${part} did not answer`);
    return outcome === true;
  };

  const start = (): Promise<boolean> => {
    if (!running) {
      const current = probe().then((up) => {
        last = { up, at: timing.now() };
        if (running === current) running = undefined;
        return up;
      });
      running = current;
    }
    return running;
  };

  return async () => {
    if (last && timing.now() - last.at < reuseMs) return last.up;
    const answer = await within(start(), timing.answerWithinMs);
    if (!isLate(answer)) return answer;
    log.info({ answerWithinMs: timing.answerWithinMs }, `health: ${part} is slow; its last answer stands`);
    return last?.up ?? false;
  };
}
