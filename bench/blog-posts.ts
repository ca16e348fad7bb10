/** A year of news posts for the blog scenarios: two or three a day, tagged, most for Mitglieder. */
import type { Kysely } from 'kysely';
import type { AccountsService } from '../apps/server/src/features/accounts/accounts.service.ts';
import { createBlogRepository } from '../apps/server/src/features/blog/blog.repository.ts';
import type { DB } from '../apps/server/src/platform/db/schema.ts';

const TAGS = ['Technik', 'Normen', 'Veranstaltungen', 'Energie', 'Recht', 'Markt', 'Messe', 'Verband'];
const HOUR = 60 * 60 * 1000;

export async function seedBlogPosts(db: Kysely<DB>, accounts: AccountsService, count: number): Promise<void> {
  const groups = new Map((await accounts.listGroups()).map((group) => [group.name, group.id]));
  const admin = await accounts.findUserByUsername('admin');
  const members = groups.get('Mitglieder');
  const internal = groups.get('Geschäftsführung');
  if (!admin || members === undefined || internal === undefined)
    throw new Error('seed the demo accounts first');
  const repo = createBlogRepository(db);
  const paragraph = '<p>Der Verband informiert über aktuelle Entwicklungen im Flachglashandel. </p>'.repeat(
    8,
  );
  await db.transaction().execute(async (trx) => {
    for (let n = 0; n < count; n += 1) {
      const id = await repo.insert(trx, {
        title: `Verbandsnachricht Nr. ${n + 1}`,
        preText: '<p>Kurz zusammengefasst: was diese Woche wichtig ist.</p>',
        content: paragraph,
        imageKey: null,
        imageName: null,
        publishedAt: new Date(Date.now() - (n + 1) * 3.5 * HOUR),
        displayOnDashboard: n % 5 !== 0,
        authorId: admin.id,
      });
      await repo.replaceGroups(trx, id, n % 10 === 0 ? [internal] : [members]);
      await repo.replaceTags(trx, id, [
        TAGS[n % TAGS.length] ?? 'Verband',
        TAGS[(n * 3 + 1) % TAGS.length] ?? 'Markt',
      ]);
    }
  });
}
