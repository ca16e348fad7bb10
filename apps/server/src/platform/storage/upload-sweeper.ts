import type { FastifyBaseLogger } from 'fastify';
import { createPeriodicJob } from '../jobs/periodic-job.ts';
import type { MetricsReporter } from '../metrics/metrics.ts';
import type { FileStore } from './file-store.ts';

/** How often a started sweeper runs (issue 13: at start-up and every 10 minutes). */
const SWEEP_INTERVAL_MS = 10 * 60_000;

/** What one sweep removed. */
interface SweepResult {
  /** stored files of saves that never committed, and deletions left for later */
  files: number;
  /** temp files of storage writes that never finished (`.part`) */
  partial: number;
  /** folders of uploads whose request never ended (platform/uploads) */
  uploads: number;
  /** true when a backup held deletions and nothing was removed */
  held: boolean;
}

/**
 * Removes what interrupted uploads leave behind, once it is older than UPLOAD_GRACE_MINUTES. buildApp creates
 * it stopped; main.ts runs it once before listening and then starts it; tests call runOnce(). Several
 * instances may sweep at once: each ledger row is removed by exactly one of them, which then deletes the file.
 */
export interface UploadSweeper {
  /** one sweep at a time in this process: a second caller's runs after the one in progress */
  runOnce(now?: Date): Promise<SweepResult>;
  start(): void;
  /** stops the timer and waits for a sweep in progress. */
  stop(): Promise<void>;
}

export interface UploadSweeperDeps {
  files: FileStore;
  graceMinutes: number;
  log: FastifyBaseLogger;
  /** temp folders of uploads in flight (platform/uploads/upload-receiver.ts) */
  uploads?: { removeStale(before: Date): Promise<number> };
  /** hears what each sweep removed */
  metrics?: MetricsReporter;
}

export function createUploadSweeper(deps: UploadSweeperDeps): UploadSweeper {
  const { files, log } = deps;

  /** The ledger, a batch at a time: a row first (so only this instance deletes the file), then the file. */
  async function sweepLedger(before: Date): Promise<number> {
    let removed = 0;
    for (;;) {
      const keys = await files.intents.releaseStale(before);
      const failed: string[] = [];
      await Promise.all(keys.map((key) => files.delete(key).catch(() => void failed.push(key))));
      removed += keys.length - failed.length;
      // A file that cannot be deleted now is recorded again and tried at the next sweep.
      if (failed.length > 0) {
        await files.intents.record(failed);
        log.warn({ keys: failed }, 'upload sweep: files could not be deleted; trying again later');
      }
      if (keys.length < files.intents.batchSize || failed.length === keys.length) return removed;
    }
  }

  async function sweep(now: Date): Promise<SweepResult> {
    if (await files.intents.deletionsHeld(now)) {
      log.debug('upload sweep skipped: a backup holds deletions');
      return { files: 0, partial: 0, uploads: 0, held: true };
    }
    const before = new Date(now.getTime() - deps.graceMinutes * 60_000);
    const result: SweepResult = {
      files: await sweepLedger(before),
      partial: await files.removeStaleTempFiles(before),
      uploads: (await deps.uploads?.removeStale(before)) ?? 0,
      held: false,
    };
    deps.metrics?.uploadsSwept(result);
    const removed = result.files + result.partial;
    if (removed > 0) log.info({ removed, partial: result.partial }, 'upload sweep removed stored files');
    else log.debug({ removed, uploads: result.uploads }, 'upload sweep found nothing to remove');
    return result;
  }

  const job = createPeriodicJob({
    name: 'upload sweep',
    everyMs: SWEEP_INTERVAL_MS,
    // main.ts sweeps once before listening, then starts the sweeper
    runAtStart: false,
    log,
    run: sweep,
  });
  return { runOnce: job.runOnce, start: job.start, stop: job.stop };
}
