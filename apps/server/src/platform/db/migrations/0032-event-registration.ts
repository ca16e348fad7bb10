import { type Kysely, sql } from 'kysely';
import type { ColumnKit } from '../migration-kit.ts';

/**
 * Issue 35: capacity, waiting list and companions (decisions 0163, 0164).
 * - `events`: `max_participants` (null: unlimited), `waiting_list`, `max_guests` (companions per member), and
 *   beside 0015's counts `guest_count` (companions of the accepted answers) and `waiting_count`: the places
 *   taken are `accepted_count + guest_count`, read with the event like the other counts (decision 0088).
 * - `event_subscriptions.guests`: the companions of an answer (0 for a declined one).
 * - `event_waitlist`: one waiting place per member and event; its identity orders the list (position 1 is
 *   the lowest id of the event), taken while the event's row is locked, so the order is the order of arrival.
 * The triggers of 0015 are replaced by ones that keep the companions too, and the waiting list has its own:
 * every write (an answer, a member's erasure, a deleted member or event) keeps the counts in its transaction.
 */
export async function up(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  await db.schema.alterTable('events').addColumn('max_participants', 'integer').execute();
  await db.schema
    .alterTable('events')
    .addColumn('waiting_list', kit.boolType, (col) => col.notNull().defaultTo(kit.false))
    .execute();
  await db.schema
    .alterTable('events')
    .addColumn('max_guests', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('events')
    .addColumn('guest_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('events')
    .addColumn('waiting_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('event_subscriptions')
    .addColumn('guests', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('event_waitlist')
    .addColumn('id', kit.idType, kit.id)
    .addColumn('event_id', 'integer', (col) => col.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('guests', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', kit.timestampType, (col) => col.notNull())
    .addUniqueConstraint('event_waitlist_member', ['event_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('event_waitlist_order')
    .on('event_waitlist')
    .columns(['event_id', 'id'])
    .execute();
  await db.schema.createIndex('event_waitlist_user_idx').on('event_waitlist').column('user_id').execute();

  if (kit.kind === 'postgres') {
    await sql`drop trigger event_subscriptions_counted on event_subscriptions`.execute(db);
    await sql`create or replace function event_subscriptions_count() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and old.status = new.status and old.event_id = new.event_id
          and old.guests = new.guests then
          return null;
        end if;
        if tg_op in ('DELETE', 'UPDATE') then
          update events set
            accepted_count = accepted_count - (case when old.status then 1 else 0 end),
            declined_count = declined_count - (case when old.status then 0 else 1 end),
            guest_count = guest_count - (case when old.status then old.guests else 0 end)
          where id = old.event_id;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          update events set
            accepted_count = accepted_count + (case when new.status then 1 else 0 end),
            declined_count = declined_count + (case when new.status then 0 else 1 end),
            guest_count = guest_count + (case when new.status then new.guests else 0 end)
          where id = new.event_id;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger event_subscriptions_counted
      after insert or delete or update of status, event_id, guests on event_subscriptions
      for each row execute function event_subscriptions_count()`.execute(db);
    await sql`create function event_waitlist_count() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then
          update events set waiting_count = waiting_count - 1 where id = old.event_id;
        else
          update events set waiting_count = waiting_count + 1 where id = new.event_id;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger event_waitlist_counted after insert or delete on event_waitlist
      for each row execute function event_waitlist_count()`.execute(db);
  } else {
    await sql`drop trigger event_subscriptions_counted_insert`.execute(db);
    await sql`drop trigger event_subscriptions_counted_delete`.execute(db);
    await sql`drop trigger event_subscriptions_counted_update`.execute(db);
    await sql`create trigger event_subscriptions_counted_insert after insert on event_subscriptions begin
      update events set
        accepted_count = accepted_count + (new.status <> 0),
        declined_count = declined_count + (new.status = 0),
        guest_count = guest_count + (case when new.status <> 0 then new.guests else 0 end)
      where id = new.event_id;
    end`.execute(db);
    await sql`create trigger event_subscriptions_counted_delete after delete on event_subscriptions begin
      update events set
        accepted_count = accepted_count - (old.status <> 0),
        declined_count = declined_count - (old.status = 0),
        guest_count = guest_count - (case when old.status <> 0 then old.guests else 0 end)
      where id = old.event_id;
    end`.execute(db);
    await sql`create trigger event_subscriptions_counted_update after update of status, event_id, guests
      on event_subscriptions
      when old.status <> new.status or old.event_id <> new.event_id or old.guests <> new.guests begin
      update events set
        accepted_count = accepted_count - (old.status <> 0),
        declined_count = declined_count - (old.status = 0),
        guest_count = guest_count - (case when old.status <> 0 then old.guests else 0 end)
      where id = old.event_id;
      update events set
        accepted_count = accepted_count + (new.status <> 0),
        declined_count = declined_count + (new.status = 0),
        guest_count = guest_count + (case when new.status <> 0 then new.guests else 0 end)
      where id = new.event_id;
    end`.execute(db);
    await sql`create trigger event_waitlist_counted_insert after insert on event_waitlist begin
      update events set waiting_count = waiting_count + 1 where id = new.event_id;
    end`.execute(db);
    await sql`create trigger event_waitlist_counted_delete after delete on event_waitlist begin
      update events set waiting_count = waiting_count - 1 where id = old.event_id;
    end`.execute(db);
  }
}
