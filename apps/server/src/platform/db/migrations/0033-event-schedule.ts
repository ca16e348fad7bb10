import type { Kysely } from 'kysely';
import { type ColumnKit, timestamps } from '../migration-kit.ts';

/**
 * Issue 35 points 3–5: reminders, cancellations and series of events (decisions 0165–0167).
 * - `events.reminder_hours`: the reminder mail goes this many hours before the start (null: none; the events
 *   before this migration have none, a new event without the field gets 24); `cancelled_at`: 'abgesagt'.
 * - `event_series`: a series' rule; each occurrence is a real `events` row with its `series_id` and its
 *   original start (`recurrence_id`, iCalendar's RECURRENCE-ID), so it has its own answers and places.
 * - `event_series_exceptions`: the original starts of deleted occurrences (EXDATE).
 * - `event_reminders`: one claimed row per event and member, written with the reminder mail in one
 *   transaction: each reminder is queued exactly once.
 * - `mail_outbox.attachments`: a mail's files as JSON (name, content type, base64), e.g. the event's .ics.
 */
export async function up(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  await timestamps(
    db.schema
      .createTable('event_series')
      .addColumn('id', kit.idType, kit.id)
      .addColumn('frequency', 'varchar(10)', (col) => col.notNull())
      .addColumn('interval', 'integer', (col) => col.notNull())
      .addColumn('week_of_month', 'integer')
      .addColumn('until', 'varchar(10)')
      .addColumn('count', 'integer'),
    kit,
  ).execute();

  await db.schema.alterTable('events').addColumn('reminder_hours', 'integer').execute();
  await db.schema.alterTable('events').addColumn('cancelled_at', kit.timestampType).execute();
  await db.schema
    .alterTable('events')
    .addColumn('series_id', 'integer', (col) => col.references('event_series.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('events').addColumn('recurrence_id', kit.timestampType).execute();
  await db.schema.createIndex('events_by_series').on('events').columns(['series_id', 'start_at']).execute();

  await db.schema
    .createTable('event_series_exceptions')
    .addColumn('series_id', 'integer', (col) =>
      col.notNull().references('event_series.id').onDelete('cascade'),
    )
    .addColumn('recurrence_id', kit.timestampType, (col) => col.notNull())
    .addPrimaryKeyConstraint('event_series_exceptions_pk', ['series_id', 'recurrence_id'])
    .execute();

  await db.schema
    .createTable('event_reminders')
    .addColumn('event_id', 'integer', (col) => col.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('start_at', kit.timestampType, (col) => col.notNull())
    .addColumn('queued_at', kit.timestampType, (col) => col.notNull())
    .addPrimaryKeyConstraint('event_reminders_pk', ['event_id', 'user_id'])
    .execute();
  await db.schema.createIndex('event_reminders_by_user').on('event_reminders').column('user_id').execute();

  await db.schema.alterTable('mail_outbox').addColumn('attachments', 'text').execute();
}
