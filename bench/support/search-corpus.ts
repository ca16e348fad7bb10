/**
 * The large data of bench/search.ts (issue 16): 10,000 news posts, 2,000 events and 50,000 forum posts in
 * 1,000 threads, written straight into the tables in batches (saving them one by one through the API would
 * take minutes), in the association's German: compound words, article numbers, a few rare words. The search
 * index is built afterwards, as after a migration; the 100,000-row table goes through the real upload.
 */
import type { Kysely } from 'kysely';
import type { AccountsService } from '../../apps/server/src/features/accounts/accounts.service.ts';
import type { DB } from '../../apps/server/src/platform/db/schema.ts';

export const CORPUS = { posts: 10_000, events: 2_000, threads: 1_000, postsPerThread: 50 } as const;

/** Words that occur in exactly one document each: the rare terms of the query mix. */
export const RARE = {
  /** in the title of one news post */
  post: 'Quarzsandknappheit',
  /** in the text of one forum post */
  forumPost: 'Kittfalzversiegelung',
  /** in the description of one event */
  event: 'Glasbläserwerkstatt',
} as const;

const GLASS = [
  'Wärmedämmglas',
  'Isolierglas',
  'Sicherheitsglas',
  'Verbundsicherheitsglas',
  'Floatglas',
  'Schallschutzglas',
  'Sonnenschutzglas',
  'Brandschutzglas',
  'Ornamentglas',
  'Spiegelglas',
  'ESG-Scheibe',
  'VSG-Folie',
] as const;
const TOPICS = [
  'Lieferzeit',
  'Preiserhöhung',
  'Normenausschuss',
  'Randverbund',
  'Abstandhalter',
  'Glasfalz',
  'Kantenbearbeitung',
  'Energieeinsparverordnung',
  'Fachkräftemangel',
  'Ausschreibung',
] as const;
const PLACES = [
  'Düsseldorf',
  'München',
  'Köln',
  'Nürnberg',
  'Würzburg',
  'Leipzig',
  'Gießen',
  'Lübeck',
] as const;
const EVENT_KINDS = ['Fachtagung', 'Messe', 'Seminar', 'Stammtisch', 'Mitgliederversammlung'] as const;
const TAGS = ['Technik', 'Normen', 'Energie', 'Recht', 'Markt', 'Messe', 'Verband', 'Ausbildung'] as const;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** rows per INSERT: far below SQLite's and PostgreSQL's limits on bound values */
const BATCH = 500;

function pick<T>(list: readonly T[], n: number): T {
  return list[n % list.length] as T;
}

/** A paragraph of a few sentences that differ from document to document. */
function paragraph(n: number): string {
  const glass = pick(GLASS, n * 7 + 3);
  const topic = pick(TOPICS, n * 3 + 1);
  return (
    `<p>Zum Thema ${topic} beim ${glass} gibt es Neues aus dem Verband. ` +
    `Die ${pick(TOPICS, n + 5)} betrifft Artikel FG-${n % 10_000} und den Flachglashandel in ${pick(PLACES, n)}. ` +
    `Mitglieder berichten von guten Erfahrungen mit ${pick(GLASS, n + 1)}.</p>`
  );
}

/** Runs `insert` on slices of `rows`; returns what the slices returned, in order. */
async function inBatches<Row, Result>(
  rows: readonly Row[],
  insert: (batch: Row[]) => Promise<Result[]>,
): Promise<Result[]> {
  const results: Result[] = [];
  for (let start = 0; start < rows.length; start += BATCH) {
    results.push(...(await insert(rows.slice(start, start + BATCH))));
  }
  return results;
}

const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

async function seedPosts(db: Kysely<DB>, authorId: number, groups: { members: number; internal: number }) {
  const now = Date.now();
  const posts = Array.from({ length: CORPUS.posts }, (_, n) => ({
    title:
      n === 4711
        ? `${RARE.post} bei Floatglas: der Verband berichtet`
        : `${pick(GLASS, n)}: ${pick(TOPICS, n * 7 + 2)} ${n + 1}`,
    preText: `<p>Kurz zusammengefasst: ${pick(TOPICS, n + 3)} und ${pick(GLASS, n + 4)}.</p>`,
    content: paragraph(n),
    imageKey: null,
    imageName: null,
    // a few scheduled posts in the future, the rest about three years of news
    publishedAt: new Date(n % 250 === 0 ? now + (n + 1) * HOUR : now - (n + 1) * 2.5 * HOUR),
    displayOnDashboard: n % 5 !== 0,
    authorId,
    createdAt: new Date(now - (n + 1) * 2.5 * HOUR),
    updatedAt: new Date(now - (n + 1) * 2.5 * HOUR),
  }));
  const postIds = await inBatches(posts, async (batch) =>
    ids(await db.insertInto('blogPosts').values(batch).returning('id').execute()),
  );
  const postGroups = postIds.map((id, n) => ({
    blogPostId: id,
    groupId: n % 10 === 0 ? groups.internal : groups.members,
  }));
  await inBatches(postGroups, (batch) => db.insertInto('blogPostGroups').values(batch).execute());
  // n and 3n + 1 differ modulo 8 for every n, so a post never gets the same tag twice.
  const tags = postIds.flatMap((id, n) => [
    { blogPostId: id, tag: pick(TAGS, n) },
    { blogPostId: id, tag: pick(TAGS, n * 3 + 1) },
  ]);
  await inBatches(tags, (batch) => db.insertInto('blogPostTags').values(batch).execute());
}

async function seedEvents(db: Kysely<DB>): Promise<void> {
  const now = Date.now();
  const events = Array.from({ length: CORPUS.events }, (_, n) => {
    const start = now + (n - CORPUS.events / 2) * 0.75 * DAY;
    const kind = pick(EVENT_KINDS, n);
    return {
      name: `${kind} ${pick(GLASS, n * 5)} ${pick(PLACES, n)} ${n + 1}`,
      description:
        n === 1234
          ? `<p>Besuch einer ${RARE.event} mit Vorführung.</p>`
          : `<p>${kind} rund um ${pick(TOPICS, n)} und ${pick(GLASS, n + 2)}.</p>`,
      location: `Tagungshotel ${pick(PLACES, n + 3)}`,
      startAt: new Date(start),
      endAt: new Date(start + 6 * HOUR),
      url: null,
      teilnahmeausblenden: false,
      external: n % 7 === 0,
      registrationDeadline: null,
      imageKey: null,
      imageName: null,
      createdAt: new Date(now),
      updatedAt: new Date(now),
    };
  });
  await inBatches(events, (batch) => db.insertInto('events').values(batch).execute());
}

async function seedForums(db: Kysely<DB>, authorIds: readonly number[]): Promise<void> {
  const now = Date.now();
  const forums = TOPICS.map((topic) => ({
    name: `Forum ${topic}`,
    description: `<p>Fragen und Erfahrungen zu ${topic}.</p>`,
    createdAt: new Date(now),
    updatedAt: new Date(now),
  }));
  const forumIds = ids(await db.insertInto('forums').values(forums).returning('id').execute());
  const threadStart = (t: number) => now - (CORPUS.threads - t) * DAY;
  const threads = Array.from({ length: CORPUS.threads }, (_, t) => ({
    forumId: pick(forumIds, t),
    name: `Erfahrungen mit ${pick(GLASS, t * 3)} (${pick(TOPICS, t)}) ${t + 1}`,
    authorId: pick(authorIds, t),
    postCount: CORPUS.postsPerThread,
    lastPostAt: new Date(threadStart(t) + (CORPUS.postsPerThread - 1) * HOUR),
    createdAt: new Date(threadStart(t)),
    updatedAt: new Date(threadStart(t)),
  }));
  const threadIds = await inBatches(threads, async (batch) =>
    ids(await db.insertInto('forumThreads').values(batch).returning('id').execute()),
  );
  const posts = threadIds.flatMap((threadId, t) =>
    Array.from({ length: CORPUS.postsPerThread }, (_, p) => {
      const n = t * CORPUS.postsPerThread + p;
      const at = new Date(threadStart(t) + p * HOUR);
      return {
        threadId,
        authorId: pick(authorIds, n),
        content: n === 31_337 ? `<p>Wer kennt sich mit ${RARE.forumPost} aus?</p>` : paragraph(n),
        isFirst: p === 0,
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
  await inBatches(posts, (batch) => db.insertInto('forumPosts').values(batch).execute());
}

/** Writes the corpus into a database that holds the demo accounts. */
export async function seedSearchCorpus(db: Kysely<DB>, accounts: AccountsService): Promise<void> {
  const groups = new Map((await accounts.listGroups()).map((group) => [group.name, group.id]));
  const admin = await accounts.findUserByUsername('admin');
  const member = await accounts.findUserByUsername('mitglied');
  const members = groups.get('Mitglieder');
  const internal = groups.get('Geschäftsführung');
  if (!admin || !member || members === undefined || internal === undefined)
    throw new Error('seed the demo accounts first');
  await db.transaction().execute(async (trx) => {
    await seedPosts(trx, admin.id, { members, internal });
    await seedEvents(trx);
    await seedForums(trx, [admin.id, member.id]);
  });
}
