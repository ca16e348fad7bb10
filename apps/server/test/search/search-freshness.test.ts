/**
 * Issue 16, point 4: every save, delete, CSV upload, visibility change and move shows in the very next search,
 * through the real routes; a save that fails leaves the index as it was.
 */
import {
  BLOG_API,
  CATEGORY_API,
  CONTENT_API,
  EVENTS_API,
  FORUM_API,
  FORUM_POSTS_PAGE_SIZE,
  MEDIA_API,
  SEARCH_API,
  SEARCH_LIMIT_MAX,
  type TSearchHit,
  type TSearchResult,
  type TSearchType,
} from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reindexAll } from '../../src/features/search/index.ts';
import { SEARCH_SOURCES } from '../../src/modules.ts';
import { ahead, createPost, postInput, savePost } from '../blog/blog-helpers.ts';
import { createCategory, saveCategory } from '../categories/category-helpers.ts';
import { createItem, saveContent } from '../content/content-helpers.ts';
import { createEvent, eventInput, saveEvent } from '../events/event-helpers.ts';
import { createForum, createPost as createReply, createThread } from '../forums/forum-helpers.ts';
import { createDemoWorld, createWorld, type Headers, type Upload, type World } from '../helpers/world.ts';
import { createFile, createCategory as createMediaCategory, saveFile } from '../media/media-helpers.ts';
import { datedKeyMismatches, search as searchAs } from './search-helpers.ts';

const USERS = [
  { username: 'admin', role: 'ROLE_ADMIN', groups: ['Mitglieder'] },
  { username: 'mitglied', role: 'ROLE_USER', groups: ['Mitglieder'] },
  { username: 'chef', role: 'ROLE_USER', groups: ['Geschäftsführung'] },
  { username: 'kollege', role: 'ROLE_USER', groups: ['Mitglieder'] },
  { username: 'partner', role: 'ROLE_PARTNER', groups: ['Partner'] },
] as const;

let w: World<(typeof USERS)[number]['username']>;
beforeAll(async () => {
  w = await createWorld({ users: USERS });
});
afterAll(() => w.close());

async function search(headers: Headers, q: string, type?: TSearchType): Promise<TSearchHit[]> {
  return (await searchAs(w, headers, q, { limit: String(SEARCH_LIMIT_MAX), ...(type ? { type } : {}) })).hits;
}

/** The SPA paths of the hits for `q`: what a member could open from the results. */
async function paths(headers: Headers, q: string, type?: TSearchType): Promise<string[]> {
  return (await search(headers, q, type)).map((hit) => hit.path);
}

const del = (url: string, headers: Headers = w.as.admin) => w.app.inject({ method: 'DELETE', url, headers });

/** Every document of the index, as a rebuild from the tables would write it (ids and dates aside). */
async function documents() {
  const { rows } = await sql`select kind, source_id, owner_id, title, body from search_documents
    order by kind, source_id, owner_id, title, body`.execute(w.t.database.db);
  return rows;
}

/**
 * The save answered 200 (204 for a deletion), and the index holds exactly what a rebuild from the tables
 * would: nothing stale, nothing left over, even where the search's live joins would hide a leftover; on
 * SQLite its FTS5 tables hold the documents under row ids in date order (migration 0018), before and after.
 */
async function saved(response: { statusCode: number; body: string }) {
  expect([200, 204], response.body).toContain(response.statusCode);
  await expectIndexCurrent();
}

async function expectIndexCurrent() {
  const before = await documents();
  expect(await datedKeyMismatches(w)).toEqual({});
  await reindexAll(w.t.database.db, SEARCH_SOURCES);
  expect(await documents()).toEqual(before);
  expect(await datedKeyMismatches(w)).toEqual({});
}

const csv = (...rows: string[]): Upload => ({
  filename: 'tabelle.csv',
  data: ['Artikel-Nr.;Bezeichnung', ...rows].join('\n'),
  type: 'text/csv',
});

describe('news posts', () => {
  it('should find a new post, then only its new title after an edit, and nothing after its deletion', async () => {
    const post = await createPost(w, { title: 'Zuschnittservice ab sofort', tags: ['Angebot'] });
    expect(await paths(w.as.mitglied, 'Zuschnittservice')).toEqual([`/blog/${post.id}`]);

    await saved(
      await savePost(w, w.as.admin, postInput(w, { id: post.id, title: 'Kantenbearbeitung ab sofort' })),
    );
    expect(await paths(w.as.mitglied, 'Zuschnittservice')).toEqual([]);
    expect(await paths(w.as.mitglied, 'Kantenbearbeitung')).toEqual([`/blog/${post.id}`]);

    await saved(await del(BLOG_API.byId(post.id)));
    expect(await paths(w.as.mitglied, 'Kantenbearbeitung')).toEqual([]);
  });

  it('should find a post by a tag once it is added and no longer once it is removed', async () => {
    const post = await createPost(w, { title: 'Messebericht', tags: [] });
    expect(await paths(w.as.mitglied, 'Lieferkettengesetz')).toEqual([]);
    await saved(
      await savePost(
        w,
        w.as.admin,
        postInput(w, { id: post.id, title: 'Messebericht', tags: ['Lieferkettengesetz'] }),
      ),
    );
    expect(await paths(w.as.mitglied, 'Lieferkettengesetz')).toEqual([`/blog/${post.id}`]);
    await saved(
      await savePost(w, w.as.admin, postInput(w, { id: post.id, title: 'Messebericht', tags: [] })),
    );
    expect(await paths(w.as.mitglied, 'Lieferkettengesetz')).toEqual([]);
  });

  it("should follow a post's groups and schedule at once", async () => {
    const post = await createPost(w, { title: 'Verbandstagsprotokoll' });
    const path = `/blog/${post.id}`;
    expect(await paths(w.as.mitglied, 'Verbandstagsprotokoll')).toEqual([path]);
    expect(await paths(w.as.chef, 'Verbandstagsprotokoll')).toEqual([]);

    const values = { id: post.id, title: 'Verbandstagsprotokoll' };
    await saved(
      await savePost(w, w.as.admin, postInput(w, { ...values, visibleForUserGroups: [w.groups.gf] })),
    );
    expect(await paths(w.as.mitglied, 'Verbandstagsprotokoll')).toEqual([]);
    expect(await paths(w.as.chef, 'Verbandstagsprotokoll')).toEqual([path]);

    const scheduled = { ...values, visibleForUserGroups: [w.groups.gf], publishedAt: ahead(24 * 3_600_000) };
    await saved(await savePost(w, w.as.admin, postInput(w, scheduled)));
    expect(await paths(w.as.chef, 'Verbandstagsprotokoll')).toEqual([]);
    expect(await paths(w.as.admin, 'Verbandstagsprotokoll')).toEqual([path]);
  });
});

describe('content items and their tables', () => {
  let kategorie: number;
  beforeAll(async () => {
    kategorie = await createCategory(w, { name: 'Technische Merkblätter' });
  });

  it('should find a new item, then only its new texts after an edit, and nothing after its deletion', async () => {
    const item = await createItem(w, {
      title: 'Glasbruchrichtlinie',
      categories: [kategorie],
      preText: '<p>Gilt für Schaufensteranlagen.</p>',
    });
    const path = `/content/${kategorie}?item=${item.id}`;
    expect(await paths(w.as.mitglied, 'Glasbruchrichtlinie')).toEqual([path]);
    expect(await paths(w.as.mitglied, 'Schaufensteranlagen')).toEqual([path]);

    const edit = {
      id: item.id,
      title: 'Bruchbildbewertung',
      categories: [kategorie],
      preText: '<p>Neu.</p>',
    };
    await saved(await saveContent(w, w.as.admin, edit));
    expect(await paths(w.as.mitglied, 'Glasbruchrichtlinie')).toEqual([]);
    expect(await paths(w.as.mitglied, 'Schaufensteranlagen')).toEqual([]);
    expect(await paths(w.as.mitglied, 'Bruchbildbewertung')).toEqual([path]);

    await saved(await del(CONTENT_API.byId(item.id)));
    expect(await paths(w.as.mitglied, 'Bruchbildbewertung')).toEqual([]);
  });

  it('should find a row of an uploaded table, none of a replaced table and none once the table is removed', async () => {
    const item = await createItem(
      w,
      { title: 'Preisliste Sonderformen', categories: [kategorie] },
      csv('SF-7781;Kreisscheibe Morgenröte', 'SF-7782;Trapezscheibe'),
    );
    // issue 31: a row's hit opens its table at that row (0-based, counted in the live table)
    const rowPath = (row: number) => `/content/${kategorie}?item=${item.id}&row=${row}`;
    expect(await paths(w.as.mitglied, 'Morgenröte')).toEqual([rowPath(0)]);

    const values = { id: item.id, title: 'Preisliste Sonderformen', categories: [kategorie] };
    await saved(
      await saveContent(w, w.as.admin, values, csv('SF-7790;Dreieck', 'SF-7791;Dreieckscheibe Abendstern')),
    );
    expect(await paths(w.as.mitglied, 'Morgenröte')).toEqual([]);
    expect(await paths(w.as.mitglied, 'Trapezscheibe')).toEqual([]);
    expect(await paths(w.as.mitglied, 'Abendstern')).toEqual([rowPath(1)]);

    await saved(await saveContent(w, w.as.admin, { ...values, csvFile: null }));
    expect(await paths(w.as.mitglied, 'Abendstern')).toEqual([]);
    expect(await paths(w.as.mitglied, 'Sonderformen')).toEqual([`/content/${kategorie}?item=${item.id}`]);
  });

  it("should keep a table's row documents when only the item's texts change, showing the new title", async () => {
    const item = await createItem(
      w,
      { title: 'Preisliste Rahmenformen', categories: [kategorie] },
      csv('RF-4410;Rundbogen Nordlicht', 'RF-4411;Spitzbogen'),
    );
    const rowIds = async () => {
      const { rows } = await sql<{ id: number }>`select id from search_documents
        where kind = ${'content-row'} and source_id = ${item.id} order by id`.execute(w.t.database.db);
      return rows.map((row) => row.id);
    };
    const before = await rowIds();
    expect(before).toHaveLength(2);

    const edit = {
      id: item.id,
      title: 'Preisliste Bogenformen',
      categories: [kategorie],
      preText: '<p>Neu.</p>',
    };
    const response = await saveContent(w, w.as.admin, edit);
    expect(response.statusCode, response.body).toBe(200);
    // Not rewritten: the same documents (a rebuild, as `saved` makes, would write new ones)…
    expect(await rowIds()).toEqual(before);
    await expectIndexCurrent();
    // …and the row's hit takes the item's new title.
    const [hit] = await search(w.as.mitglied, 'Nordlicht');
    expect(hit).toMatchObject({
      title: 'Preisliste Bogenformen',
      snippet: 'RF-4410 · Rundbogen <mark>Nordlicht</mark>',
    });
  });

  it('should hide the items and rows of a category at once when the category is hidden', async () => {
    const hidden = await createCategory(w, { name: 'Bald intern' });
    const item = await createItem(
      w,
      { title: 'Rahmenvertrag Isolierglas', categories: [hidden] },
      csv('RV-1;Rabattstaffel'),
    );
    expect(await search(w.as.mitglied, 'Rahmenvertrag')).toHaveLength(1);
    expect(await search(w.as.mitglied, 'Rabattstaffel')).toHaveLength(1);

    const hide = {
      id: hidden,
      name: 'Bald intern',
      type: 'content',
      visibleForUserGroups: [w.groups.gf],
    } as const;
    await saved(await saveCategory(w, w.as.admin, hide));
    expect(await search(w.as.mitglied, 'Rahmenvertrag')).toEqual([]);
    expect(await search(w.as.mitglied, 'Rabattstaffel')).toEqual([]);
    expect(await paths(w.as.chef, 'Rahmenvertrag')).toEqual([`/content/${hidden}?item=${item.id}`]);
  });

  it('should answer the new path as soon as an item is moved to another category', async () => {
    const target = await createCategory(w, { name: 'Archiv' });
    const item = await createItem(w, { title: 'Windlastberechnung', categories: [kategorie] });
    expect(await paths(w.as.mitglied, 'Windlastberechnung')).toEqual([
      `/content/${kategorie}?item=${item.id}`,
    ]);
    await saved(
      await saveContent(w, w.as.admin, { id: item.id, title: 'Windlastberechnung', categories: [target] }),
    );
    expect(await paths(w.as.mitglied, 'Windlastberechnung')).toEqual([`/content/${target}?item=${item.id}`]);
  });

  it('should forget the items and rows of a deleted category, and keep those filed elsewhere', async () => {
    const doomed = await createCategory(w, { name: 'Auslaufmodelle' });
    await createItem(w, { title: 'Drahtglas Restposten', categories: [doomed] }, csv('DG-1;Gussglasrest'));
    const kept = await createItem(w, { title: 'Drahtglas Bestand', categories: [doomed, kategorie] });
    expect(await search(w.as.admin, 'Drahtglas')).toHaveLength(2);

    await saved(await del(CATEGORY_API.byId(doomed)));
    expect(await paths(w.as.admin, 'Drahtglas')).toEqual([`/content/${kategorie}?item=${kept.id}`]);
    expect(await search(w.as.admin, 'Gussglasrest')).toEqual([]);
    expect(await search(w.as.admin, 'Restposten')).toEqual([]);
  });
});

describe('events', () => {
  it('should find a new event, then only its new name and place after an edit, and nothing after its deletion', async () => {
    const event = await createEvent(w, { name: 'Fensterbauertag', location: 'Rosenheim' });
    const path = `/event/${event.id}`;
    expect(await paths(w.as.mitglied, 'Fensterbauertag')).toEqual([path]);
    expect(await paths(w.as.mitglied, 'Rosenheim')).toEqual([path]);

    const edit = eventInput({ id: event.id, name: 'Glaserforum', location: 'Nürnberg' });
    await saved(await saveEvent(w, w.as.admin, edit));
    expect(await paths(w.as.mitglied, 'Fensterbauertag')).toEqual([]);
    expect(await paths(w.as.mitglied, 'Rosenheim')).toEqual([]);
    expect(await paths(w.as.mitglied, 'Glaserforum')).toEqual([path]);
    expect(await paths(w.as.mitglied, 'Nürnberg')).toEqual([path]);

    await saved(await del(EVENTS_API.byId(event.id)));
    expect(await paths(w.as.mitglied, 'Glaserforum')).toEqual([]);
  });
});

describe('forums', () => {
  it('should find a new thread and reply, and forget a deleted reply while the thread stays', async () => {
    const forum = await createForum(w, 'Montagefragen');
    const thread = await createThread(w, forum.id, w.as.mitglied, [], 'Klotzungsrichtlinie beachten');
    const threadPath = `/forum/${forum.id}/thread/${thread.id}`;
    expect(await paths(w.as.kollege, 'Klotzungsrichtlinie', 'forum')).toEqual([threadPath]);

    const reply = await createReply(w, thread.id, w.as.kollege, [], '<p>Distanzklötze aus Hartholz.</p>');
    const replyPath = `${threadPath}?post=${reply.id}`;
    expect(await paths(w.as.mitglied, 'Distanzklötze')).toEqual([replyPath]);

    await saved(await del(FORUM_API.post(reply.id)));
    expect(await paths(w.as.mitglied, 'Distanzklötze')).toEqual([]);
    expect(await paths(w.as.mitglied, 'Klotzungsrichtlinie')).toEqual([threadPath]);
  });

  it('should open a post on the page of its thread that holds it', async () => {
    const forum = await createForum(w, 'Lange Themen');
    const thread = await createThread(w, forum.id, w.as.mitglied, [], 'Sammelthema Glasbruch');
    const replies = [];
    for (let n = 1; n <= FORUM_POSTS_PAGE_SIZE; n++) {
      replies.push(await createReply(w, thread.id, w.as.kollege, [], `<p>Antwort ${n} zu Fall${n}x</p>`));
    }
    const threadPath = `/forum/${forum.id}/thread/${thread.id}`;
    // 20 posts a page: the 19th reply is post 20 (page 1), the 20th reply post 21 (page 2).
    expect(await paths(w.as.mitglied, 'Fall19x')).toEqual([`${threadPath}?post=${replies[18]?.id}`]);
    expect(await paths(w.as.mitglied, 'Fall20x')).toEqual([`${threadPath}?page=2&post=${replies[19]?.id}`]);
  });

  it('should forget a deleted thread with its posts, and a deleted forum with its threads and posts', async () => {
    const forum = await createForum(w, 'Altbausanierung');
    const first = await createThread(w, forum.id, w.as.mitglied, [], 'Kastenfenster aufarbeiten');
    await createReply(w, first.id, w.as.kollege, [], '<p>Leinölkitt verwenden.</p>');
    const second = await createThread(w, forum.id, w.as.mitglied, [], 'Verbundfenster abdichten');
    await createReply(w, second.id, w.as.kollege, [], '<p>Kältebrücke prüfen.</p>');
    expect(await search(w.as.mitglied, 'Kastenfenster')).not.toEqual([]);
    expect(await search(w.as.mitglied, 'Leinölkitt')).toHaveLength(1);

    await saved(await del(FORUM_API.thread(first.id)));
    expect(await search(w.as.mitglied, 'Kastenfenster')).toEqual([]);
    expect(await search(w.as.mitglied, 'Leinölkitt')).toEqual([]);
    expect(await search(w.as.mitglied, 'Verbundfenster')).not.toEqual([]);

    await saved(await del(FORUM_API.byId(forum.id)));
    expect(await search(w.as.mitglied, 'Verbundfenster')).toEqual([]);
    expect(await search(w.as.mitglied, 'Kältebrücke')).toEqual([]);
  });
});

describe('media files', () => {
  it('should find an uploaded file, then only its new name after a rename, and nothing after its deletion', async () => {
    const category = await createMediaCategory(w, { name: 'Prüfzeugnisse' });
    const file = await createFile(w, category, 'Brandschutzverglasung.pdf');
    const path = `/media/${category}?file=${file.id}`;
    expect(await paths(w.as.admin, 'Brandschutzverglasung', 'media')).toEqual([path]);

    await saved(await saveFile(w, w.as.admin, { id: file.id, name: 'Rauchschutztür.pdf', category }));
    expect(await paths(w.as.admin, 'Brandschutzverglasung', 'media')).toEqual([]);
    expect(await paths(w.as.admin, 'Rauchschutztür', 'media')).toEqual([path]);

    await saved(await del(MEDIA_API.file(file.id)));
    expect(await paths(w.as.admin, 'Rauchschutztür', 'media')).toEqual([]);
  });
});

describe('a save that fails', () => {
  it('should leave the index as it was when a replacing CSV is refused', async () => {
    const kategorie = await createCategory(w, { name: 'Kunstverglasung' });
    const item = await createItem(
      w,
      { title: 'Bleiverglasung', categories: [kategorie] },
      csv('BV-1;Tiffanytechnik'),
    );
    const broken = { filename: 'kaputt.csv', data: 'a;b\n"1;2\n', type: 'text/csv' };
    const refused = await saveContent(
      w,
      w.as.admin,
      { id: item.id, title: 'Facettenschliff', categories: [kategorie] },
      broken,
    );
    expect(refused.statusCode).toBe(400);
    await expectIndexCurrent();
    expect(await search(w.as.mitglied, 'Facettenschliff')).toEqual([]);
    expect(await search(w.as.mitglied, 'Bleiverglasung')).toHaveLength(1);
    expect(await search(w.as.mitglied, 'Tiffanytechnik')).toHaveLength(1);
  });

  it('should keep a reply findable when its deletion fails after the index was told', async () => {
    const forum = await createForum(w, 'Werkstatt');
    const thread = await createThread(w, forum.id, w.as.mitglied, [], 'Schleifmaschine gesucht');
    const reply = await createReply(w, thread.id, w.as.kollege, [], '<p>Bandschleifer leihen.</p>');
    const refuse = w.t.database.kind === 'sqlite' ? sqliteRefusal : postgresRefusal;
    await refuse.create();
    try {
      expect((await del(FORUM_API.post(reply.id))).statusCode).toBe(500);
    } finally {
      await refuse.drop();
    }
    await expectIndexCurrent();
    expect(await paths(w.as.mitglied, 'Bandschleifer')).toEqual([
      `/forum/${forum.id}/thread/${thread.id}?post=${reply.id}`,
    ]);
  });
});

/** A trigger that makes every deletion of a forum post fail, after the service has told the index. */
const sqliteRefusal = {
  create: () =>
    sql`create trigger refuse_post_deletion before delete on forum_posts begin select raise(abort, 'erzwungen'); end`.execute(
      w.t.database.db,
    ),
  drop: () => sql`drop trigger refuse_post_deletion`.execute(w.t.database.db),
};
const postgresRefusal = {
  async create() {
    await sql`create function refuse_post_deletion() returns trigger language plpgsql as $$ begin raise exception 'erzwungen'; end $$`.execute(
      w.t.database.db,
    );
    await sql`create trigger refuse_post_deletion before delete on forum_posts for each row execute function refuse_post_deletion()`.execute(
      w.t.database.db,
    );
  },
  async drop() {
    await sql`drop trigger refuse_post_deletion on forum_posts`.execute(w.t.database.db);
    await sql`drop function refuse_post_deletion()`.execute(w.t.database.db);
  },
};

describe('the demo data', () => {
  it('should be found as soon as it is seeded, whether written through the services or straight to tables', async () => {
    const demo = await createDemoWorld();
    try {
      const admin = await demo.login('admin');
      const typesOf = async (q: string) => {
        const result = await demo.json<TSearchResult>(
          `${SEARCH_API.search}?${new URLSearchParams({ q })}`,
          admin,
        );
        return result.hits.map((hit) => `${hit.type}:${hit.title}`);
      };
      expect(await typesOf('Rahmenvertrag')).toContain(
        'blog:Energiepreise: Rahmenvertrag für Mitglieder verlängert',
      );
      expect(await typesOf('Stammtisch')).toContain('event:Stammtisch Region Süd');
      expect(await typesOf('Glastage 2025')).toContain('media:Glastage 2025.jpg');
      expect(await typesOf('Chinchilla')).toContain('content:Preisliste Flachglas 2026');
      expect(await typesOf('Kondensat')).toContain(
        'forum:Kondensat auf der Außenscheibe: ein Reklamationsgrund?',
      );
    } finally {
      await demo.close();
    }
  });
});
