import { afterEach, describe, expect, it } from 'vitest';
import type { JobLease } from '../../src/platform/jobs/job-lease.ts';
import {
  type AfterRun,
  createPeriodicJob,
  type JobRun,
  type PeriodicJob,
  type PeriodicJobSpec,
} from '../../src/platform/jobs/periodic-job.ts';
import { memoryLog } from '../helpers/memory-log.ts';
import { waitFor } from '../helpers/wait.ts';

const HOUR = 3_600_000;

/** A promise the test resolves: holds a run until the test lets it end. */
function gate() {
  let open = () => {};
  const closed = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { closed, open };
}

/** Lets every pending setImmediate and promise callback run. */
const settle = async () => {
  for (let round = 0; round < 5; round += 1) await new Promise((resolve) => setImmediate(resolve));
};

/** job_leases in memory: one holder a name until released. */
function memoryLease(): JobLease & { held: Map<string, string> } {
  const held = new Map<string, string>();
  return {
    held,
    async take(name, holder) {
      const current = held.get(name);
      if (current !== undefined && current !== holder) return false;
      held.set(name, holder);
      return true;
    },
    async release(name, holder) {
      if (held.get(name) === holder) held.delete(name);
    },
  };
}

const { log, lines } = memoryLog();

const jobs: PeriodicJob<unknown>[] = [];
afterEach(async () => {
  await Promise.all(jobs.splice(0).map((job) => job.stop()));
  lines.length = 0;
});

/** A job that counts its runs; each run waits for `hold` when given, and may answer what comes next. */
function countingJob(
  spec: Partial<PeriodicJobSpec<number>> & {
    hold?: () => Promise<void>;
    next?: (run: number) => AfterRun;
  } = {},
) {
  const seen: { at: Date; stopping: boolean }[] = [];
  const job = createPeriodicJob<number>({
    name: 'probe run',
    everyMs: HOUR,
    log,
    async run(now: Date, current: JobRun) {
      seen.push({ at: now, stopping: current.stopping });
      const number = seen.length;
      await spec.hold?.();
      return number;
    },
    afterRun: (run) => spec.next?.(run),
    ...spec,
  });
  jobs.push(job);
  return { job, seen };
}

describe('a periodic job (platform/jobs/periodic-job.ts)', () => {
  it('should run once at a given time, one run after the other', async () => {
    const first = gate();
    const order: string[] = [];
    const { job } = countingJob({
      hold: async () => {
        order.push('begin');
        if (order.length === 1) await first.closed;
        order.push('end');
      },
    });
    const at = new Date('2026-03-01T06:00:00Z');
    const one = job.runOnce(at);
    const two = job.runOnce();
    await settle();
    expect(order).toEqual(['begin']);
    first.open();
    expect(await one).toBe(1);
    expect(await two).toBe(2);
    expect(order).toEqual(['begin', 'end', 'begin', 'end']);
  });

  it('should run at start, or only after its interval', async () => {
    const atStart = countingJob();
    atStart.job.start();
    await waitFor(() => atStart.seen.length === 1, 'the run at start');

    const later = countingJob({ runAtStart: false, everyMs: 30 });
    later.job.start();
    await settle();
    expect(later.seen).toHaveLength(0);
    await waitFor(() => later.seen.length >= 1, 'the run after the interval');
  });

  it('should run once more after a run that was woken during it, and not for a wake-up while stopped', async () => {
    const first = gate();
    const { job, seen } = countingJob({ hold: () => (seen.length === 1 ? first.closed : Promise.resolve()) });
    job.wake();
    await settle();
    expect(seen).toHaveLength(0);

    job.start();
    await waitFor(() => seen.length === 1, 'the run at start');
    job.wake();
    job.wake();
    await settle();
    first.open();
    await waitFor(() => seen.length === 2, 'the run the wake-ups asked for');
    await settle();
    expect(seen).toHaveLength(2);
  });

  it("should go on at once when a run says 'again'", async () => {
    const { job, seen } = countingJob({ next: (run) => (run < 3 ? 'again' : undefined) });
    job.start();
    await waitFor(() => seen.length === 3, 'three runs in a row');
    await settle();
    expect(seen).toHaveLength(3);
  });

  it('should neither tick nor wake while paused, and run when the pause ends', async () => {
    const { job, seen } = countingJob({ next: (run) => (run === 1 ? { pauseMs: 200 } : undefined) });
    job.start();
    await waitFor(() => seen.length === 1, 'the run at start');
    await settle();
    job.wake();
    await settle();
    expect(seen).toHaveLength(1);
    await waitFor(() => seen.length === 2, 'the run after the pause');
  });

  it('should log a failed run and keep ticking', async () => {
    let calls = 0;
    const job = createPeriodicJob<number>({
      name: 'probe run',
      everyMs: 20,
      log,
      async run() {
        calls += 1;
        if (calls === 1) throw new Error('database away');
        return calls;
      },
    });
    jobs.push(job);
    job.start();
    await waitFor(() => calls >= 2, 'the run after the failed one');
    expect(lines.some((line) => line.includes('"msg":"probe run failed"'))).toBe(true);
  });

  it('should wait for the run in progress when stopped, tell it, and stay stopped', async () => {
    const held = gate();
    const seenStopping: boolean[] = [];
    const job = createPeriodicJob<number>({
      name: 'probe run',
      everyMs: 20,
      log,
      async run(_now, current) {
        await held.closed;
        seenStopping.push(current.stopping, await current.carryOn());
        return 1;
      },
    });
    jobs.push(job);
    job.start();
    await settle();
    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    await settle();
    expect(stopped).toBe(false);
    held.open();
    await stopping;
    expect(seenStopping).toEqual([true, false]);
    job.start();
    job.wake();
    await settle();
    expect(seenStopping).toHaveLength(2);
  });
});

describe('a leased periodic job', () => {
  function leasedJob(leases: JobLease, onRun: (current: JobRun) => Promise<void> = async () => {}) {
    const job = createPeriodicJob<string>({
      name: 'probe run',
      everyMs: HOUR,
      log,
      lease: { leases, name: 'probe', leaseMs: 60_000, holder: 'hier', whenHeld: 'held elsewhere' },
      async run(_now, current) {
        await onRun(current);
        return 'done';
      },
    });
    jobs.push(job);
    return job;
  }

  it('should run only while it holds the lease, and give it up after the run', async () => {
    const leases = memoryLease();
    const holders: (string | undefined)[] = [];
    const job = leasedJob(leases, async () => {
      holders.push(leases.held.get('probe'));
    });
    leases.held.set('probe', 'dort');
    expect(await job.runOnce()).toBe('held elsewhere');
    expect(holders).toEqual([]);

    leases.held.delete('probe');
    expect(await job.runOnce()).toBe('done');
    expect(holders).toEqual(['hier']);
    expect(leases.held.has('probe')).toBe(false);
  });

  it('should stop a long run once another instance took the lease over', async () => {
    const leases = memoryLease();
    const answers: boolean[] = [];
    const job = leasedJob(leases, async (current) => {
      answers.push(await current.carryOn());
      leases.held.set('probe', 'dort');
      answers.push(await current.carryOn());
    });
    expect(await job.runOnce()).toBe('done');
    expect(answers).toEqual([true, false]);
    // not released: it is the other holder's now
    expect(leases.held.get('probe')).toBe('dort');
  });
});
