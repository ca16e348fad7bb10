// The column types of db-types.gen.ts: what the generator (scripts/db-types.ts) maps columns to, because a
// column reads differently on the two databases or the code narrows it further than the database does.
import type { ColumnType, SqlBool } from 'kysely';

/** PostgreSQL returns Date, SQLite the ISO text it stored; repositories read both through toDate(). */
export type Timestamp = ColumnType<Date | string, Date, Date>;

/** PostgreSQL returns a boolean, SQLite 0 or 1. */
export type Bool = ColumnType<SqlBool, boolean, boolean>;

/** bigint: pg hands it over as text unless its int8 parser is set (database.ts sets one), so reads use Number(). */
export type Int8 = ColumnType<number | string, number, number>;

/** mail_outbox.status: pending → sending (claimed) → sent | pending (retry later) | failed (gave up). */
export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed';

/**
 * A column the database fills when an insert leaves it out. Kysely's own Generated<T> would wrap a column type
 * such as Bool in a second ColumnType (selects would then read a ColumnType); this one widens its insert type.
 */
export type Generated<T> =
  T extends ColumnType<infer S, infer I, infer U>
    ? ColumnType<S, I | undefined, U>
    : ColumnType<T, T | undefined, T>;

export function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}
