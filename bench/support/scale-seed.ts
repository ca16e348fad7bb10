/**
 * The large data set of bench/scale.ts (issue 19), written on top of the demo into a migrated database: 100,000
 * members in 30 groups (bench/support/members-corpus.ts), 10,000 news posts over five years in several groups
 * with two of twelve tags each, 1,000 events over four years around today with 50 answers each (three in four
 * attend), a forum thread of 5,000 posts (bench/forum-thread.ts) besides four forums of 50 threads of 10 posts,
 * a media category of 2,000 files (rows only: listing a category reads no file) and a 20,000-row price list.
 * Rows go straight into the tables in batches, as the other corpora do; the price list goes through the
 * content service (parse, rows, file, index) as an upload would. Then the search index is rebuilt, as after a
 * migration.
 */
import { performance } from 'node:perf_hooks';
import { type Kysely, sql } from 'kysely';
import { rebuildBlogLists } from '../../apps/server/src/features/blog/index.ts';
import { createContentService } from '../../apps/server/src/features/content/index.ts';
import { createMediaRepository, newPublicToken } from '../../apps/server/src/features/media/index.ts';
import { reindexAll } from '../../apps/server/src/features/search/index.ts';
import { SEARCH_SOURCES } from '../../apps/server/src/modules.ts';
import type { DB } from '../../apps/server/src/platform/db/schema.ts';
import { priceListCsv } from '../../apps/server/test/helpers/generated-files.ts';
import { seedLongThread } from '../forum-thread.ts';
import { check, createCategory, type InProcessApp } from './in-process-app.ts';
import { generateMembers, seedMembers } from './members-corpus.ts';

export const SCALE = {
  members: 100_000,
  posts: 10_000,
  events: 1_000,
  answersPerEvent: 50,
  threadPosts: 5_000,
  forums: 4,
  threadsPerForum: 50,
  postsPerThread: 10,
  mediaFiles: 2_000,
  tableRows: 20_000,
} as const;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** rows per INSERT: far below SQLite's and PostgreSQL's limits on bound values */
const BATCH = 500;

// biome-ignore format: a list of tags reads best in two lines
const TAGS = ['Technik', 'Normen', 'Energie', 'Recht', 'Markt', 'Messe',
  'Verband', 'Ausbildung', 'Veranstaltungen', 'Angebote', 'Digitalisierung', 'Vorstand'] as const;
const GLASS = ['Wärmedämmglas', 'Isolierglas', 'Sicherheitsglas', 'Floatglas', 'Schallschutzglas'] as const;
const PLACES = ['Düsseldorf', 'München', 'Köln', 'Nürnberg', 'Leipzig', 'Lübeck'] as const;

function pick<T>(list: readonly T[], n: number): T {
  return list[n % list.length] as T;
}

async function inBatches<Row>(
  rows: readonly Row[],
  insert: (batch: Row[]) => Promise<unknown>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) await insert(rows.slice(start, start + BATCH));
}

async function insertedIds<Row>(
  rows: readonly Row[],
  insert: (batch: Row[]) => Promise<{ id: number }[]>,
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += BATCH) {
    ids.push(...(await insert(rows.slice(start, start + BATCH))).map((row) => row.id));
  }
  return ids;
}

/** News posts, newest first, one every 4.4 hours; one in 200 scheduled; groups and tags by number. */
async function seedPosts(db: Kysely<DB>, authorId: number, groups: ReadonlyMap<string, number>) {
  const now = Date.now();
  const group = (name: string) => groups.get(name) as number;
  const regional = [...groups.keys()].filter((name) => name.startsWith('Landesverband '));
  const posts = Array.from({ length: SCALE.posts }, (_, n) => {
    const at = new Date(n % 200 === 0 ? now + (n + 1) * HOUR : now - (n + 1) * 4.4 * HOUR);
    return {
      title: `${pick(GLASS, n)}: ${pick(TAGS, n * 5 + 2)} aktuell, Ausgabe ${n + 1}`,
      preText: `<p>Kurz zusammengefasst: ${pick(TAGS, n + 3)} und ${pick(GLASS, n + 4)}.</p>`,
      content: `<p>Der Verband informiert über ${pick(GLASS, n + 1)} in ${pick(PLACES, n)}. </p>`.repeat(6),
      imageKey: null,
      imageName: null,
      publishedAt: at,
      displayOnDashboard: n % 5 !== 0,
      authorId,
      createdAt: at,
      updatedAt: at,
    };
  });
  const ids = await insertedIds(posts, (batch) =>
    db.insertInto('blogPosts').values(batch).returning('id').execute(),
  );
  // most for Mitglieder, some also for Partner, one in ten internal, one in ten for a Landesverband
  const postGroups = ids.flatMap((blogPostId, n) => {
    const names =
      n % 10 === 0
        ? ['Geschäftsführung']
        : n % 10 === 1
          ? [pick(regional, n)]
          : n % 10 === 2
            ? ['Mitglieder', 'Partner']
            : ['Mitglieder'];
    return names.map((name) => ({ blogPostId, groupId: group(name) }));
  });
  await inBatches(postGroups, (batch) => db.insertInto('blogPostGroups').values(batch).execute());
  // n and 5n + 1 differ modulo 12 for every n, so a post never gets the same tag twice
  const tags = ids.flatMap((blogPostId, n) => [
    { blogPostId, tag: pick(TAGS, n) },
    { blogPostId, tag: pick(TAGS, n * 5 + 1) },
  ]);
  await inBatches(tags, (batch) => db.insertInto('blogPostTags').values(batch).execute());
  // written past the blog repository: its kept lists (decision 0087) are rebuilt from the posts
  await rebuildBlogLists(db);
}

/** Events from two years back to two years ahead, each answered by 50 different members. */
async function seedEvents(db: Kysely<DB>, memberIds: readonly number[]) {
  const now = Date.now();
  const span = 4 * 365 * DAY;
  const events = Array.from({ length: SCALE.events }, (_, n) => {
    const start = now - span / 2 + (n * span) / SCALE.events + 3 * HOUR;
    return {
      name: `${pick(['Fachtagung', 'Seminar', 'Stammtisch', 'Webinar'], n)} ${pick(GLASS, n)} ${n + 1}`,
      description: `<p>Vorträge und Austausch rund um ${pick(GLASS, n + 2)} und ${pick(TAGS, n)}.</p>`,
      location: `Tagungshotel ${pick(PLACES, n)}`,
      startAt: new Date(start),
      endAt: new Date(start + 6 * HOUR),
      url: null,
      teilnahmeausblenden: false,
      external: false,
      registrationDeadline: null,
      imageKey: null,
      imageName: null,
      createdAt: new Date(now - span),
      updatedAt: new Date(now - span),
    };
  });
  const ids = await insertedIds(events, (batch) =>
    db.insertInto('events').values(batch).returning('id').execute(),
  );
  const answers = ids.flatMap((eventId, n) =>
    Array.from({ length: SCALE.answersPerEvent }, (_, k) => ({
      eventId,
      // 50 consecutive members from a start that moves with the event: all different
      userId: memberIds[(n * 97 + k) % memberIds.length] as number,
      status: (n + k) % 4 !== 0,
      createdAt: new Date(now),
      updatedAt: new Date(now),
    })),
  );
  await inBatches(answers, (batch) => db.insertInto('eventSubscriptions').values(batch).execute());
}

/** Ordinary forums beside the long thread: 50 threads of 10 posts each, a thread a day. */
async function seedForums(db: Kysely<DB>, authorIds: readonly number[]) {
  const now = Date.now();
  const forumIds = await insertedIds(
    Array.from({ length: SCALE.forums }, (_, f) => ({
      name: `Forum ${pick(TAGS, f)}`,
      description: `<p>Fragen und Erfahrungen zu ${pick(TAGS, f)}.</p>`,
      createdAt: new Date(now),
      updatedAt: new Date(now),
    })),
    (batch) => db.insertInto('forums').values(batch).returning('id').execute(),
  );
  const count = SCALE.forums * SCALE.threadsPerForum;
  const started = (t: number) => now - (count - t) * DAY;
  const threadIds = await insertedIds(
    Array.from({ length: count }, (_, t) => ({
      forumId: pick(forumIds, t),
      name: `Erfahrungen mit ${pick(GLASS, t)} (${pick(PLACES, t)}) ${t + 1}`,
      authorId: pick(authorIds, t),
      postCount: SCALE.postsPerThread,
      lastPostAt: new Date(started(t) + (SCALE.postsPerThread - 1) * HOUR),
      createdAt: new Date(started(t)),
      updatedAt: new Date(started(t)),
    })),
    (batch) => db.insertInto('forumThreads').values(batch).returning('id').execute(),
  );
  const posts = threadIds.flatMap((threadId, t) =>
    Array.from({ length: SCALE.postsPerThread }, (_, p) => ({
      threadId,
      authorId: pick(authorIds, t * SCALE.postsPerThread + p),
      content: `<p>Bei ${pick(GLASS, t + p)} haben wir gute Erfahrungen gemacht (${pick(PLACES, p)}).</p>`,
      isFirst: p === 0,
      createdAt: new Date(started(t) + p * HOUR),
      updatedAt: new Date(started(t) + p * HOUR),
    })),
  );
  await inBatches(posts, (batch) => db.insertInto('forumPosts').values(batch).execute());
}

/** A media category 'Fotoarchiv' of photos; the files themselves are not stored. */
async function seedMedia(db: Kysely<DB>) {
  const categoryId = await createMediaRepository(db).insertCategory(db, {
    name: 'Fotoarchiv',
    parentId: null,
    position: 2,
  });
  const now = Date.now();
  const files = Array.from({ length: SCALE.mediaFiles }, (_, n) => ({
    name: `${pick(PLACES, n)} ${2020 + (n % 7)} Foto ${n + 1}.jpg`,
    categoryId,
    storageKey: `media/scale-${n}.jpg`,
    originalFilename: `IMG_${String(n).padStart(5, '0')}.jpg`,
    mimeType: 'image/jpeg',
    size: 150_000 + ((n * 7919) % 2_000_000),
    publicToken: newPublicToken(),
    createdAt: new Date(now - n * HOUR),
    updatedAt: new Date(now - n * HOUR),
  }));
  await inBatches(files, (batch) => db.insertInto('mediaFiles').values(batch).execute());
}

/** The price list through the content service, as an admin's upload: parsed, stored, indexed. */
async function seedTable(bench: InProcessApp, adminId: number) {
  const admin = await bench.login('admin');
  const category = await createCategory(bench, admin, 'Preislisten');
  const principal = await bench.app.accounts.principal(adminId);
  check(principal !== undefined, 'the admin as principal');
  const content = createContentService({
    db: bench.database.db,
    storage: bench.app.storage,
    signer: bench.app.signer,
    search: bench.app.searchIndex,
  });
  const data = priceListCsv(SCALE.tableRows);
  const item = await content.save(
    principal,
    { title: 'Preisliste Flachglas (groß)', categories: [category] },
    { filename: 'preisliste-gross.csv', mimetype: 'text/csv', data },
  );
  check(item.csvRowCount === SCALE.tableRows, `${item.csvRowCount} rows stored`);
}

/** What autovacuum would do to tables grown this fast, done now so that the plans are those of data at rest. */
export async function settle(bench: InProcessApp): Promise<void> {
  if (bench.config.database.kind === 'postgres') await sql`vacuum analyze`.execute(bench.database.db);
  else await sql`analyze`.execute(bench.database.db);
}

/**
 * Writes the large data set into the database of `bench`, which holds the demo (accounts and content); returns
 * how long each step took, in ms.
 */
export async function seedScale(bench: InProcessApp): Promise<Record<string, number>> {
  const { db } = bench.database;
  const admin = await bench.app.accounts.findUserByUsername('admin');
  check(admin !== undefined, 'the demo admin');
  const steps: Record<string, number> = {};
  const step = async (name: string, run: () => Promise<unknown>) => {
    const start = performance.now();
    await run();
    steps[name] = performance.now() - start;
  };
  let groups = new Map<string, number>();
  await step('members', async () => {
    groups = await seedMembers(db, generateMembers());
    // A member of long standing has had this morning's digest: without a watermark the server's first start
    // would write 100,000 digests.
    const now = new Date();
    await sql`insert into notification_settings (user_id, digest_until, updated_at)
      select id, ${now}, ${now} from users where id not in (select user_id from notification_settings)`.execute(
      db,
    );
  });
  const memberRows = await db
    .selectFrom('users')
    .select('id')
    .where('role', '!=', 'ROLE_PARTNER')
    .where('erasedAt', 'is', null)
    .orderBy('id')
    .limit(5_000)
    .execute();
  const memberIds = memberRows.map((row) => row.id);
  await step('posts, events, forums, media', () =>
    db.transaction().execute(async (trx) => {
      await seedPosts(trx, admin.id, groups);
      await seedEvents(trx, memberIds);
      await seedForums(trx, memberIds.slice(0, 200));
      await seedMedia(trx);
    }),
  );
  await step('long thread', () => seedLongThread(db, bench.app.accounts, SCALE.threadPosts));
  await step('table', () => seedTable(bench, admin.id));
  await step('reindex', () => reindexAll(db, SEARCH_SOURCES));
  await step('analyze', () => settle(bench));
  return steps;
}
