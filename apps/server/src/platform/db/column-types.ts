// The column types of db-types.gen.ts beyond the plain ones: where the code narrows a column further than the
// database does (scripts/db-types.ts names the columns). Both databases hand over Date, boolean and number
// (decision 0142), so the plain ones are the same on both.

/** mail_outbox.status: pending → sending (claimed) → sent | pending (retry later) | failed (gave up). */
export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed';
