import type { FastifyInstance } from 'fastify';
import type { MailRunResult, MailWorker } from '../../src/platform/mail/mail-worker.ts';
import type { SmtpPeer } from '../helpers/smtp-peer.ts';
import type { World } from '../helpers/world.ts';

/** The demo world's members of Mitglieder or Geschäftsführung (admin, mitglied and beide; chef and beide). */
export const MEMBERS_AND_GF = ['admin', 'beide', 'chef', 'mitglied'].map((name) => `${name}@example.de`);

/** Every address the relay has received a mail for, sorted. */
export function recipients(peer: SmtpPeer): string[] {
  return peer.received.flatMap((mail) => mail.to).sort();
}

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
