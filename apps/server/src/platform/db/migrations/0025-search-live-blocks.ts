import { type Kysely, sql } from 'kysely';
import type { ColumnKit } from '../migration-kit.ts';

/**
 * A content item's table rows are indexed beside the live table before the save's transaction (issue 33
 * point 9, decision 0155): a block's document is found only while its first row, `owner_id`, lies in its
 * item's live table, so a member's search now checks `owner_id` of each match besides its source. SQLite
 * finds a match's source through a narrow index without reading the document's texts (migration 0018): it
 * gets `owner_id` too, or the check would read the wide rows again. PostgreSQL reads each match's row anyway.
 */
export async function up(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  if (kit.kind !== 'sqlite') return;
  await sql`drop index if exists search_documents_source_by_id`.execute(db);
  await sql`create index search_documents_source_by_id on search_documents (id, source_id, owner_id)`.execute(
    db,
  );
}
