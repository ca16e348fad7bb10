import { isDatabaseUnavailable } from './database-errors.ts';
import { currentRequestScope } from './request-scope.ts';

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
