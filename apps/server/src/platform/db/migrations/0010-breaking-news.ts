import type { Kysely } from 'kysely';
import type { ColumnKit } from '../migration-kit.ts';

/**
 * When a post's breaking news was last queued: a second press within ten minutes is refused (409) instead of
 * mailing everyone the same post again. Set and checked in one conditional UPDATE, so two presses at once
 * queue it once.
 */
export async function up(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  await db.schema.alterTable('blog_posts').addColumn('breaking_news_at', kit.timestampType).execute();
}
