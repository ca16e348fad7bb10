/**
 * Database work a request does besides what its client waits for: writes a read makes on the side, and the
 * cleanup after a save that failed. Neither may turn an answer into a failure, nor be lost when the request
 * can no longer use the database (request-scope.ts).
 */
import { isDatabaseUnavailable } from './database-errors.ts';
import { currentRequestScope, outsideRequests } from './request-scope.ts';

/**
 * A write that a read makes on the side, such as a read marker (issue 30 point 8). The read must answer also
 * while the database takes no writes (a standby before its promotion, a read-only file) or the request's
 * database time is used up: then the write is skipped, with a warning in the request's log. Any other failure
 * is a defect and is thrown.
 */
export async function writeOnTheSide(what: string, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    currentRequestScope()?.log?.warn(
      { reason: error.message },
      `${what} skipped: the database takes no writes`,
    );
  }
}

/**
 * Cleanup after a save that did not commit (staged rows, a hidden item, the files' ledger rows). While the
 * request may still use the database it runs as part of it. Once its client has left or its time is used up,
 * nobody waits for it: it runs as a job does, detached, with each statement's own limits, and a failure is a
 * warning (what stays is what an outage leaves).
 */
export async function cleanUp(what: string, work: () => Promise<void>): Promise<void> {
  const scope = currentRequestScope();
  if (!scope?.refusal()) return work();
  outsideRequests(work).catch((error: unknown) => {
    scope.log?.warn({ reason: error instanceof Error ? error.message : String(error) }, `${what} failed`);
  });
}
