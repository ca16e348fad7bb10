import type { FastifyInstance } from 'fastify';
import type { MailRunResult, MailWorker } from '../../src/platform/mail/mail-worker.ts';
import type { World } from '../helpers/world.ts';

/** Runs the worker until a run finds nothing due; returns the sum of the runs. */
export async function drainWorker(
  worker: Pick<MailWorker, 'runOnce'>,
  maxRuns = 50,
): Promise<Omit<MailRunResult, 'throttled'>> {
  const total = { sent: 0, retried: 0, failed: 0 };
  for (let run = 0; run < maxRuns; run += 1) {
    const result = await worker.runOnce();
    total.sent += result.sent;
    total.retried += result.retried;
    total.failed += result.failed;
    if (result.sent + result.retried + result.failed === 0) return total;
  }
  throw new Error('the outbox did not drain');
}

/** Runs the app's worker until a run finds nothing due; returns the sum of the runs. */
export function drain(app: FastifyInstance, maxRuns = 50): Promise<Omit<MailRunResult, 'throttled'>> {
  return drainWorker(app.mailWorker, maxRuns);
}

export async function outboxRows(w: World<never>) {
  return w.t.database.db.selectFrom('mailOutbox').selectAll().orderBy('id').execute();
}
