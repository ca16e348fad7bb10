import { BLOG_API } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory } from '../categories/category-helpers.ts';
import { createItem } from '../content/content-helpers.ts';
import { answerWith, createEvent } from '../events/event-helpers.ts';
import {
  createDigestWorld,
  DAY,
  type DigestWorld,
  digestMails,
  digestOf,
  nextDigestTime,
  setReader,
  writePost,
  writeThread,
} from './digest-helpers.ts';

const URL = 'http://localhost:8080';

let w: DigestWorld;
/** when the digests run: just after the next 07:00 slot, so that everything written here is in the window */
let now: Date;
const ids = {
  posts: {} as Record<'members' | 'gf' | 'partner' | 'scheduled' | 'breaking' | 'old', number>,
  event: 0,
  seminar: 0,
  categories: {} as Record<'members' | 'gf' | 'partner', number>,
  items: {} as Record<'members' | 'gf' | 'partner', number>,
  threads: {} as Record<'fresh' | 'mailed' | 'read' | 'own', { forumId: number; threadId: number }>,
};

const text = async (username: string) => (await digestOf(w, username))?.text ?? '';

beforeAll(async () => {
  w = await createDigestWorld();
  now = nextDigestTime();
  const { groups } = w;
  ids.posts.members = (
    await writePost(w, { title: 'Neue Norm für Isolierglas', visibleForUserGroups: [groups.mitglieder] })
  ).id;
  ids.posts.gf = (
    await writePost(w, { title: 'Vorstandssitzung im Mai', visibleForUserGroups: [groups.gf] })
  ).id;
  ids.posts.partner = (
    await writePost(w, { title: 'Partnertag 2026', visibleForUserGroups: [groups.partner] })
  ).id;
  ids.posts.scheduled = (
    await writePost(w, {
      title: 'Geplanter Beitrag',
      visibleForUserGroups: [groups.mitglieder, groups.gf, groups.partner],
      publishedAt: new Date(Date.now() + 8 * DAY).toISOString(),
    })
  ).id;
  ids.posts.breaking = (
    await writePost(w, { title: 'Eilmeldung zur Messe', visibleForUserGroups: [groups.mitglieder] })
  ).id;
  const breaking = await w.app.inject({
    url: BLOG_API.breakingNews(ids.posts.breaking),
    headers: w.as.admin,
  });
  if (breaking.statusCode !== 202) throw new Error(`breaking news: ${breaking.statusCode} ${breaking.body}`);
  ids.posts.old = (
    await writePost(w, { title: 'Alter Beitrag', visibleForUserGroups: [groups.mitglieder] })
  ).id;
  const threeDaysAgo = new Date(Date.now() - 3 * DAY);
  await w.t.database.db
    .updateTable('blogPosts')
    .set({ publishedAt: threeDaysAgo, createdAt: threeDaysAgo })
    .where('id', '=', ids.posts.old)
    .execute();

  ids.event = (await createEvent(w, { name: 'Glastage 2026' })).id;
  // issue 35: 6 places, 2 taken by chef (one companion); 'mitglied' has not answered
  ids.seminar = (await createEvent(w, { name: 'Seminar Glasstatik', maxParticipants: 6, maxGuests: 1 })).id;
  await answerWith(w, w.as.chef, ids.seminar, 1, 1);
  // entered afterwards for the record: over before the digest goes out
  const past = await createEvent(w, { name: 'Rückblick Herbsttagung' });
  await w.t.database.db
    .updateTable('events')
    .set({ startAt: new Date(Date.now() - 2 * DAY), endAt: new Date(Date.now() - DAY) })
    .where('id', '=', past.id)
    .execute();

  ids.categories.members = await createCategory(w, {
    name: 'Normen',
    visibleForUserGroups: [groups.mitglieder],
  });
  ids.categories.gf = await createCategory(w, { name: 'Interna', visibleForUserGroups: [groups.gf] });
  ids.categories.partner = await createCategory(w, {
    name: 'Partnerinfos',
    visibleForUserGroups: [groups.partner],
  });
  ids.items.members = (
    await createItem(w, { title: 'DIN-Tabelle', categories: [ids.categories.members] })
  ).id;
  ids.items.gf = (await createItem(w, { title: 'Vorstandsprotokolle', categories: [ids.categories.gf] })).id;
  ids.items.partner = (
    await createItem(w, { title: 'Partnerliste', categories: [ids.categories.partner] })
  ).id;

  const moment = () => new Date(Date.now() + 1000);
  ids.threads.fresh = await writeThread(w, {
    name: 'Beschlag innen',
    posts: [{ author: 'chef', at: moment() }],
  });
  ids.threads.mailed = await writeThread(w, {
    name: 'Randverbund undicht',
    posts: [
      { author: 'mitglied', at: moment() },
      { author: 'beide', at: moment() },
    ],
  });
  await setReader(w, 'mitglied', ids.threads.mailed.threadId, { mailedAt: moment() });
  const read = await writeThread(w, { name: 'Wärmeschutz', posts: [{ author: 'beide', at: moment() }] });
  ids.threads.read = read;
  const readRow = await w.t.database.db
    .selectFrom('forumPosts')
    .select(['id', 'createdAt'])
    .where('threadId', '=', read.threadId)
    .executeTakeFirstOrThrow();
  await setReader(w, 'mitglied', read.threadId, {
    readPostId: readRow.id,
    readPostAt: new Date(readRow.createdAt),
  });
  ids.threads.own = await writeThread(w, {
    name: 'Eigene Frage',
    posts: [{ author: 'mitglied', at: moment() }],
  });

  await w.app.digestScheduler.runOnce(now);
});
afterAll(() => w.close());

describe('what a digest lists', () => {
  it('should send one digest to each member with something new, none to the rest', async () => {
    const recipients = (await digestMails(w)).map((mail) => mail.recipient).sort();
    expect(recipients).toEqual(
      ['admin', 'beide', 'chef', 'mitglied', 'partner', 'redaktion'].map((name) => `${name}@example.de`),
    );
  });

  it("should list news posts only to the post's groups; admins see all", async () => {
    expect(await text('mitglied')).toContain('Neue Norm für Isolierglas');
    expect(await text('mitglied')).not.toContain('Vorstandssitzung im Mai');
    expect(await text('chef')).toContain('Vorstandssitzung im Mai');
    expect(await text('chef')).not.toContain('Neue Norm für Isolierglas');
    const admin = await text('admin');
    for (const title of ['Neue Norm für Isolierglas', 'Vorstandssitzung im Mai', 'Partnertag 2026'])
      expect(admin).toContain(title);
  });

  it('should give a partner only the news posts of their groups', async () => {
    const mail = await digestOf(w, 'partner');
    expect(mail?.subject).toBe('Neues im Mitgliederportal: 1 Beitrag');
    expect(mail?.text).toContain('Partnertag 2026');
    for (const hidden of ['Glastage 2026', 'Beschlag innen', 'Partnerliste', 'Veranstaltungen', 'Forum'])
      expect(mail?.text).not.toContain(hidden);
  });

  it('should leave out scheduled posts, old posts, and posts mailed as breaking news', async () => {
    for (const username of ['admin', 'mitglied', 'beide', 'partner']) {
      const mail = await text(username);
      expect(mail).not.toContain('Geplanter Beitrag');
      expect(mail).not.toContain('Alter Beitrag');
      expect(mail).not.toContain('Eilmeldung zur Messe');
    }
  });

  it("should leave out the member's own posts", async () => {
    expect(await text('redaktion')).not.toContain('Neue Norm für Isolierglas');
    expect(await text('admin')).toContain('Neue Norm für Isolierglas');
  });

  it('should list new events to members', async () => {
    for (const username of ['admin', 'mitglied', 'chef'])
      expect(await text(username)).toContain(`Glastage 2026`);
    expect(await text('mitglied')).toContain(`${URL}/event/${ids.event}`);
  });

  it('should mention the free places of events with a capacity the member has not answered', async () => {
    expect(await text('mitglied')).toMatch(/Seminar Glasstatik.*am .* Uhr, noch 4 Plätze/);
    const chef = await text('chef');
    expect(chef).toContain('Seminar Glasstatik');
    expect(chef).not.toContain('noch 4 Plätze');
    expect(await text('mitglied')).not.toMatch(/Glastage 2026[^\n]*Plätze/);
  });

  it('should leave out events that are over by the time the digest goes out', async () => {
    for (const username of ['admin', 'mitglied', 'chef'])
      expect(await text(username)).not.toContain('Rückblick Herbsttagung');
  });

  it('should list changed content pages through the categories the member may see', async () => {
    expect(await text('mitglied')).toContain('DIN-Tabelle');
    expect(await text('mitglied')).not.toContain('Vorstandsprotokolle');
    expect(await text('chef')).toContain('Vorstandsprotokolle');
    expect(await text('chef')).not.toContain('DIN-Tabelle');
    expect(await text('admin')).toContain('Partnerliste');
    expect(await text('mitglied')).toContain(
      `${URL}/content/${ids.categories.members}?item=${ids.items.members}`,
    );
  });

  it('should list threads with posts by others, not those mailed, read or only written by the member', async () => {
    const mitglied = await text('mitglied');
    expect(mitglied).toContain('Beschlag innen');
    expect(mitglied).not.toContain('Randverbund undicht');
    expect(mitglied).not.toContain('Wärmeschutz');
    expect(mitglied).not.toContain('Eigene Frage');
    const chef = await text('chef');
    expect(chef).not.toContain('Beschlag innen');
    for (const name of ['Randverbund undicht', 'Wärmeschutz', 'Eigene Frage']) expect(chef).toContain(name);
    const { forumId, threadId } = ids.threads.fresh;
    expect(mitglied).toContain(`${URL}/forum/${forumId}/thread/${threadId}`);
  });

  it('should count the sections in the German subject, singular and plural', async () => {
    expect((await digestOf(w, 'mitglied'))?.subject).toBe(
      'Neues im Mitgliederportal: 1 Beitrag, 2 Veranstaltungen, 1 Thema, 1 Inhaltsseite',
    );
    expect((await digestOf(w, 'chef'))?.subject).toBe(
      'Neues im Mitgliederportal: 1 Beitrag, 2 Veranstaltungen, 3 Themen, 1 Inhaltsseite',
    );
    expect((await digestOf(w, 'admin'))?.subject).toBe(
      'Neues im Mitgliederportal: 3 Beiträge, 2 Veranstaltungen, 4 Themen, 3 Inhaltsseiten',
    );
  });

  it('should link news posts and show every link in the HTML part too', async () => {
    const mail = await digestOf(w, 'mitglied');
    const link = `${URL}/blog/${ids.posts.members}`;
    expect(mail?.text).toContain(link);
    expect(mail?.html).toContain(`href="${link}"`);
    expect(mail?.html).toContain('<html lang="de">');
  });
});
