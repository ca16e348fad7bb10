import { type Kysely, sql } from 'kysely';
import type { ColumnKit } from '../migration-kit.ts';

/**
 * Events at scale (issue 19): each event keeps its accepted and declined answer counts, so that lists read
 * them with the event instead of grouping every answer. Triggers on `event_subscriptions` keep them in the
 * transaction of every write, whichever path it comes from (an answer, its switch, a member's erasure, a
 * deleted member or event via the foreign keys). The listing pages by (start, id) over an index that holds
 * the end as well, so that "not ended yet" and "ended" are told apart without reading the rows.
 */
export async function up(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('accepted_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('events')
    .addColumn('declined_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`update events set
    accepted_count = (select count(*) from event_subscriptions s where s.event_id = events.id and s.status = ${kit.true}),
    declined_count = (select count(*) from event_subscriptions s where s.event_id = events.id and s.status = ${kit.false})`.execute(
    db,
  );

  if (kit.kind === 'postgres') {
    await sql`create function event_subscriptions_count() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and old.status = new.status and old.event_id = new.event_id then
          return null;
        end if;
        if tg_op in ('DELETE', 'UPDATE') then
          update events set
            accepted_count = accepted_count - (case when old.status then 1 else 0 end),
            declined_count = declined_count - (case when old.status then 0 else 1 end)
          where id = old.event_id;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          update events set
            accepted_count = accepted_count + (case when new.status then 1 else 0 end),
            declined_count = declined_count + (case when new.status then 0 else 1 end)
          where id = new.event_id;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger event_subscriptions_counted
      after insert or delete or update of status, event_id on event_subscriptions
      for each row execute function event_subscriptions_count()`.execute(db);
  } else {
    await sql`create trigger event_subscriptions_counted_insert after insert on event_subscriptions begin
      update events set
        accepted_count = accepted_count + (new.status <> 0),
        declined_count = declined_count + (new.status = 0)
      where id = new.event_id;
    end`.execute(db);
    await sql`create trigger event_subscriptions_counted_delete after delete on event_subscriptions begin
      update events set
        accepted_count = accepted_count - (old.status <> 0),
        declined_count = declined_count - (old.status = 0)
      where id = old.event_id;
    end`.execute(db);
    await sql`create trigger event_subscriptions_counted_update after update of status, event_id
      on event_subscriptions when old.status <> new.status or old.event_id <> new.event_id begin
      update events set
        accepted_count = accepted_count - (old.status <> 0),
        declined_count = declined_count - (old.status = 0)
      where id = old.event_id;
      update events set
        accepted_count = accepted_count + (new.status <> 0),
        declined_count = declined_count + (new.status = 0)
      where id = new.event_id;
    end`.execute(db);
  }

  // The listing's pages: (start, id) in order with the end beside them, so that the upcoming page skips the
  // ended events (and the past page, read backwards, the upcoming ones) in the index alone and stops after a
  // page. It replaces both indexes of 0004: on the end alone SQLite read the past year's events and sorted
  // them for every page of the past; the calendar's ranges and the feed read this one instead.
  await db.schema
    .createIndex('events_start_end_idx')
    .on('events')
    .columns(['start_at', 'id', 'end_at'])
    .execute();
  await db.schema.dropIndex('events_start_idx').execute();
  await db.schema.dropIndex('events_end_idx').execute();
}
