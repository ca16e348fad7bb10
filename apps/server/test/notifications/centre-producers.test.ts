/**
 * The notification centre's office kinds (issue 37 point 5): circulars that ask to be confirmed and the
 * events' changes, cancellations and move-ups, told to the members the issue-34 and issue-35 mails are for.
 */
import { APP_PATHS, BLOG_API, EVENTS_API, type TBlog, type TBlogInput } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postInput, savePost } from '../blog/blog-helpers.ts';
import { answerWith, createEvent } from '../events/event-helpers.ts';
import { createUser } from '../helpers/factories.ts';
import { createWorld, type World } from '../helpers/world.ts';
import { countOf, itemsOf, storedNotices } from './centre-helpers.ts';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.close());

const HOUR = 60 * 60 * 1000;

async function circular(overrides: Partial<TBlogInput> & Record<string, unknown>): Promise<TBlog> {
  const response = await savePost(w, w.as.admin, {
    ...postInput(w),
    circular: true,
    confirmationRequired: true,
    confirmBy: '2030-01-20',
    ...overrides,
  } as Partial<TBlogInput>);
  if (response.statusCode !== 200) throw new Error(`circular: ${response.statusCode} ${response.body}`);
  return response.json<TBlog>();
}

const circularNotices = async (username: string, postId: number) =>
  (await storedNotices(w, username)).filter((row) => row.link === APP_PATHS.post(postId));

describe('circulars that ask for confirmation', () => {
  it('should tell each member they ask, once per version, and mark it read once confirmed', async () => {
    const post = await circular({ title: 'Neue Norm' });
    const label = `Rundschreiben ${post.circularNumber?.number}/${post.circularNumber?.year}`;
    const [item] = (await itemsOf(w, w.as.mitglied)).filter((i) => i.link === APP_PATHS.post(post.id));
    expect(item).toEqual({
      id: expect.any(Number),
      kind: 'circular',
      createdAt: expect.any(String),
      read: false,
      actor: null,
      text: `Bitte bestätigen Sie bis zum 20.01.2030 das ${label}: „Neue Norm“.`,
      link: APP_PATHS.post(post.id),
    });
    // the audience: Mitglieder (mitglied, beide, admin), not Geschäftsführung alone nor partners
    expect(await circularNotices('chef', post.id)).toEqual([]);
    expect(await circularNotices('partner', post.id)).toEqual([]);
    expect(await circularNotices('beide', post.id)).toHaveLength(1);

    // saved again: no second notification; asked again (reconfirm): a new one
    await circular({ id: post.id, title: 'Neue Norm' });
    expect(await circularNotices('mitglied', post.id)).toHaveLength(1);
    await circular({ id: post.id, title: 'Neue Norm (geändert)', reconfirm: true });
    expect(await circularNotices('mitglied', post.id)).toHaveLength(2);

    const confirmed = await w.app.inject({
      method: 'POST',
      url: BLOG_API.confirmation(post.id),
      headers: w.as.beide,
    });
    expect(confirmed.statusCode).toBe(200);
    const rows = await circularNotices('beide', post.id);
    expect(rows.map((row) => row.readAt !== null)).toEqual([false, true]);
  });

  it('should tell nobody of a circular that asks for no confirmation', async () => {
    const post = await circular({ confirmationRequired: false, confirmBy: null });
    expect(await circularNotices('mitglied', post.id)).toEqual([]);
  });

  it('should show a scheduled circular only from its publication on', async () => {
    await createUser(w.app, { username: 'geplant' });
    const headers = await w.login('geplant');
    const before = await countOf(w, headers);
    const post = await circular({ publishedAt: new Date(Date.now() + 2 * HOUR).toISOString() });
    expect(await circularNotices('geplant', post.id)).toHaveLength(1);
    expect(await countOf(w, headers)).toBe(before);
    expect((await itemsOf(w, headers)).some((item) => item.link === APP_PATHS.post(post.id))).toBe(false);
  });

  it('should take back the requests of a circular that is deleted', async () => {
    const post = await circular({ publishedAt: new Date(Date.now() + 2 * HOUR).toISOString() });
    const other = await circular({ title: 'Bleibt' });
    expect(await circularNotices('mitglied', post.id)).toHaveLength(1);
    const deleted = await w.app.inject({
      method: 'DELETE',
      url: BLOG_API.byId(post.id),
      headers: w.as.admin,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await circularNotices('mitglied', post.id)).toEqual([]);
    expect(await circularNotices('beide', post.id)).toEqual([]);
    expect(await circularNotices('mitglied', other.id)).toHaveLength(1);
  });
});

describe('event changes, cancellations and move-ups', () => {
  it('should tell those with a place or a waiting place, as the mails do', async () => {
    await createUser(w.app, { username: 'platz' });
    await createUser(w.app, { username: 'wartet' });
    const platz = await w.login('platz');
    const wartet = await w.login('wartet');
    const event = await createEvent(w, {
      name: 'Glastage',
      start: '2030-06-02T16:00:00.000Z',
      end: '2030-06-02T19:00:00.000Z',
      maxParticipants: 1,
      waitingList: true,
    });
    expect((await answerWith(w, platz, event.id, 1)).statusCode).toBe(200);
    expect((await answerWith(w, wartet, event.id, 1)).statusCode).toBe(200);
    await createEvent(w, {
      id: event.id,
      name: 'Glastage',
      start: '2030-06-03T16:00:00.000Z',
      end: '2030-06-03T19:00:00.000Z',
      maxParticipants: 1,
      waitingList: true,
    });
    for (const headers of [platz, wartet]) {
      const [change] = await itemsOf(w, headers);
      expect(change).toMatchObject({ kind: 'eventChange', actor: null, link: APP_PATHS.event(event.id) });
      expect(change?.text).toBe(
        '„Glastage“ wurde geändert. Zeit: 02.06.2030, 18:00 bis 02.06.2030, 21:00 Uhr → 03.06.2030, 18:00 bis 03.06.2030, 21:00 Uhr',
      );
    }

    // the place is declined: the waiting member moves up
    expect((await answerWith(w, platz, event.id, 0)).statusCode).toBe(200);
    const [moved] = await itemsOf(w, wartet);
    expect(moved).toMatchObject({
      kind: 'eventMoveUp',
      text: 'Sie sind von der Warteliste nachgerückt und für „Glastage“ am 03.06.2030, 18:00 Uhr angemeldet.',
      link: APP_PATHS.event(event.id),
    });

    const cancelled = await w.app.inject({
      method: 'POST',
      url: EVENTS_API.cancel(event.id),
      headers: w.as.admin,
    });
    expect(cancelled.statusCode).toBe(200);
    const [cancel] = await itemsOf(w, wartet);
    expect(cancel).toMatchObject({
      kind: 'eventCancel',
      text: '„Glastage“ am 03.06.2030, 18:00 Uhr wurde abgesagt.',
      link: APP_PATHS.event(event.id),
    });
    // the one who declined hears of nothing after
    expect((await itemsOf(w, platz)).map((item) => item.kind)).toEqual(['eventChange']);
  });

  it('should tell a member without an e-mail address, who gets no mail', async () => {
    await createUser(w.app, { username: 'ohnemail' });
    await w.t.database.db
      .updateTable('users')
      .set({ email: null })
      .where('username', '=', 'ohnemail')
      .execute();
    const headers = await w.login('ohnemail');
    const event = await createEvent(w, {
      name: 'Werksbesichtigung',
      start: '2030-08-04T08:00:00.000Z',
      end: '2030-08-04T10:00:00.000Z',
    });
    expect((await answerWith(w, headers, event.id, 1)).statusCode).toBe(200);
    await createEvent(w, {
      id: event.id,
      name: 'Werksbesichtigung',
      location: 'Werk Nord',
      start: '2030-08-04T08:00:00.000Z',
      end: '2030-08-04T10:00:00.000Z',
    });
    const cancelled = await w.app.inject({
      method: 'POST',
      url: EVENTS_API.cancel(event.id),
      headers: w.as.admin,
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await itemsOf(w, headers)).map((item) => item.kind)).toEqual(['eventCancel', 'eventChange']);
  });

  it('should link the events list for an event that was deleted', async () => {
    await createUser(w.app, { username: 'geloescht' });
    const headers = await w.login('geloescht');
    const event = await createEvent(w, {
      name: 'Stammtisch',
      start: '2030-07-01T16:00:00.000Z',
      end: '2030-07-01T18:00:00.000Z',
    });
    expect((await answerWith(w, headers, event.id, 1)).statusCode).toBe(200);
    const deleted = await w.app.inject({
      method: 'DELETE',
      url: EVENTS_API.byId(event.id),
      headers: w.as.admin,
    });
    expect(deleted.statusCode).toBe(204);
    const [item] = await itemsOf(w, headers);
    expect(item).toMatchObject({ kind: 'eventCancel', link: APP_PATHS.events });
  });
});
