import { APP_PATHS, CONVERSATION_API, NOTIFICATIONS_API, type TForumPost } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildForum } from '../helpers/builders-forums-media.ts';
import { createUser, userId } from '../helpers/factories.ts';
import type { Headers } from '../helpers/world.ts';
import { itemsOf, storedNotices } from '../notifications/centre-helpers.ts';
import { follow } from '../notifications/forum-notify-helpers.ts';
import { createForumWorld, createThread, type ForumWorld, savePost, saveThread } from './forum-helpers.ts';

let w: ForumWorld;
let forumId: number;
beforeAll(async () => {
  w = await createForumWorld();
  forumId = (await buildForum(w, { name: 'Technik & Normen' })).id;
  const names = { mitglied: ['Erika', 'Muster'], kollege: ['Karl', 'Kollege'] } as const;
  for (const [username, [firstName, lastName]] of Object.entries(names))
    await w.t.database.db
      .updateTable('users')
      .set({ firstName, lastName })
      .where('username', '=', username)
      .execute();
});
afterAll(() => w.t.close());

/** The stored markup of a mention (contract conversation.ts). */
const mention = (id: number, name: string) => `<a href="/personen/${id}" data-mention="${id}">@${name}</a>`;

async function reply(headers: Headers, threadId: number, content: string): Promise<TForumPost> {
  const response = await savePost(w, headers, threadId, { content });
  if (response.statusCode !== 200) throw new Error(`reply: ${response.statusCode} ${response.body}`);
  return response.json<TForumPost>();
}

/** The mention mails of a post, oldest first. */
function mentionMails(postId: number) {
  return w.t.database.db
    .selectFrom('mailOutbox')
    .selectAll()
    .where('topic', 'like', `mention:${postId}:%`)
    .orderBy('id')
    .execute();
}

async function setMentionMails(username: string, mentions: boolean) {
  const id = await userId(w, username);
  await w.t.database.db.deleteFrom('notificationSettings').where('userId', '=', id).execute();
  await w.t.database.db
    .insertInto('notificationSettings')
    .values({ userId: id, forumReplies: true, digest: 'daily', mentions, version: 3, updatedAt: new Date() })
    .execute();
}

describe('mentions in forum posts', () => {
  it('should keep the mention markup with a member id and drop any other value', async () => {
    const thread = await createThread(w, forumId);
    const post = await reply(
      w.as.kollege,
      thread.id,
      `<p>${mention(7, 'Erika')} und <a href="/personen/8" data-mention="acht" onclick="x()">@Paul</a></p>`,
    );
    expect(post.content).toBe(
      '<p><a href="/personen/7" data-mention="7">@Erika</a> und <a href="/personen/8">@Paul</a></p>',
    );
  });

  it('should tell the mentioned member in the centre and by mail, with the thread link, never the author', async () => {
    const kollege = await userId(w, 'kollege');
    const mitglied = await userId(w, 'mitglied');
    const thread = await createThread(w, forumId, w.as.mitglied, [], 'Glaspreise 2027');
    const post = await reply(
      w.as.mitglied,
      thread.id,
      `<p>${mention(kollege, 'Karl Kollege')}, was meinen Sie? ${mention(mitglied, 'Erika Muster')}</p>`,
    );
    const link = APP_PATHS.thread(forumId, thread.id, { page: 1, post: post.id });
    expect(await itemsOf(w, w.as.kollege)).toEqual([
      {
        id: expect.any(Number),
        kind: 'mention',
        createdAt: post.createdAt,
        read: false,
        actor: { id: mitglied, username: 'mitglied', name: 'Erika Muster' },
        text: 'Erika Muster hat Sie in „Glaspreise 2027“ erwähnt.',
        link,
      },
    ]);
    // the author mentioned herself: nothing
    expect((await itemsOf(w, w.as.mitglied)).filter((item) => item.kind === 'mention')).toEqual([]);
    const mails = await mentionMails(post.id);
    expect(mails.map((mail) => [mail.recipient, mail.topic])).toEqual([
      ['kollege@example.de', `mention:${post.id}:${kollege}`],
    ]);
    const [mail] = mails;
    expect(mail?.subject).toBe('Erika Muster hat Sie im Forum erwähnt: „Glaspreise 2027“');
    expect(mail?.text).toContain(
      'Erika Muster hat Sie im Forum „Technik & Normen“ im Thema „Glaspreise 2027“ erwähnt:',
    );
    expect(mail?.text).toContain(`${w.t.config.publicUrl}${link}`);
    expect(mail?.listUnsubscribe).toContain(`${NOTIFICATIONS_API.unsubscribe}?token=`);
    expect(mail?.text).toContain('Keine E-Mails zu Erwähnungen mehr erhalten');
  });

  it('should tell a member mentioned in the first post of a new thread', async () => {
    const kollege = await userId(w, 'kollege');
    const response = await saveThread(w, w.as.mitglied, forumId, {
      name: 'Neue Norm',
      content: `<p>Hallo ${mention(kollege, 'Karl Kollege')}</p>`,
    });
    expect(response.statusCode).toBe(200);
    const texts = (await itemsOf(w, w.as.kollege)).map((item) => item.text);
    expect(texts).toContain('Erika Muster hat Sie in „Neue Norm“ erwähnt.');
  });

  it('should tell nobody who cannot see the thread: a partner, a blocked or erased member, an unknown id', async () => {
    await createUser(w.t.app, { username: 'blockiert' });
    await createUser(w.t.app, { username: 'geloescht' });
    const blocked = await userId(w, 'blockiert');
    const erased = await userId(w, 'geloescht');
    await w.t.database.db.updateTable('users').set({ disabled: true }).where('id', '=', blocked).execute();
    await w.t.database.db
      .updateTable('users')
      .set({ erasedAt: new Date() })
      .where('id', '=', erased)
      .execute();
    const partner = await userId(w, 'partner');
    const thread = await createThread(w, forumId);
    const post = await reply(
      w.as.kollege,
      thread.id,
      `<p>${[partner, blocked, erased, 987_654].map((id) => mention(id, 'X')).join(' ')}</p>`,
    );
    for (const username of ['partner', 'blockiert', 'geloescht'])
      expect((await storedNotices(w, username)).filter((row) => row.kind === 'mention')).toEqual([]);
    expect(await mentionMails(post.id)).toEqual([]);
    const recorded = await w.t.database.db
      .selectFrom('forumPostMentions')
      .selectAll()
      .where('postId', '=', post.id)
      .execute();
    expect(recorded).toEqual([]);
  });

  it('should tell a member mentioned twice in one post once', async () => {
    await createUser(w.t.app, { username: 'zweimal' });
    const id = await userId(w, 'zweimal');
    const thread = await createThread(w, forumId);
    const post = await reply(
      w.as.kollege,
      thread.id,
      `<p>${mention(id, 'Z')} und nochmal ${mention(id, 'Z')}</p>`,
    );
    expect(await storedNotices(w, 'zweimal')).toHaveLength(1);
    expect(await mentionMails(post.id)).toHaveLength(1);
  });

  it('should send no mail to a member who turned mention mails off, but keep the notification', async () => {
    await createUser(w.t.app, { username: 'stumm' });
    await setMentionMails('stumm', false);
    const thread = await createThread(w, forumId);
    const post = await reply(w.as.kollege, thread.id, `<p>${mention(await userId(w, 'stumm'), 'Stumm')}</p>`);
    expect((await storedNotices(w, 'stumm')).map((row) => row.kind)).toEqual(['mention']);
    expect(await mentionMails(post.id)).toEqual([]);

    await createUser(w.t.app, { username: 'laut' });
    await setMentionMails('laut', true);
    const loud = await reply(w.as.kollege, thread.id, `<p>${mention(await userId(w, 'laut'), 'Laut')}</p>`);
    const [mail] = await mentionMails(loud.id);
    const token = new URL(mail?.listUnsubscribe ?? 'http://x').searchParams.get('token');
    // the link turns mention mails off, signed for the settings' version
    const off = await w.t.app.inject({
      method: 'POST',
      url: `${NOTIFICATIONS_API.unsubscribe}?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(off.statusCode).toBe(200);
    const settings = await w.t.database.db
      .selectFrom('notificationSettings')
      .select(['mentions', 'forumReplies'])
      .where('userId', '=', await userId(w, 'laut'))
      .executeTakeFirst();
    expect(settings).toEqual({ mentions: false, forumReplies: true });
  });

  it('should give a mentioned follower one notification (the mention) and the other followers the reply', async () => {
    await createUser(w.t.app, { username: 'folgt' });
    await createUser(w.t.app, { username: 'folgtauch' });
    const folgt = await w.login('folgt');
    const folgtauch = await w.login('folgtauch');
    const thread = await createThread(w, forumId, w.as.mitglied, [], 'Randverbund');
    expect((await follow(w, folgt, thread.id, { following: true })).statusCode).toBe(200);
    expect((await follow(w, folgtauch, thread.id, { following: true })).statusCode).toBe(200);
    const post = await reply(w.as.kollege, thread.id, `<p>${mention(await userId(w, 'folgt'), 'Folgt')}</p>`);
    expect((await itemsOf(w, folgt)).map((item) => [item.kind, item.text])).toEqual([
      ['mention', 'Karl Kollege hat Sie in „Randverbund“ erwähnt.'],
    ]);
    const link = APP_PATHS.thread(forumId, thread.id, { page: 1, post: post.id });
    expect((await itemsOf(w, folgtauch)).map((item) => [item.kind, item.text, item.link])).toEqual([
      ['reply', 'Karl Kollege hat in „Randverbund“ geantwortet.', link],
    ]);
    // the thread's author follows it: a reply notification; the reply's author none
    expect(
      (await itemsOf(w, w.as.mitglied)).some((item) => item.link === link && item.kind === 'reply'),
    ).toBe(true);
    expect((await itemsOf(w, w.as.kollege)).some((item) => item.link === link)).toBe(false);
    // one who stopped following gets none
    expect((await follow(w, folgtauch, thread.id, { following: false })).statusCode).toBe(200);
    await reply(w.as.kollege, thread.id, '<p>Noch eine Antwort.</p>');
    expect(await itemsOf(w, folgtauch)).toHaveLength(1);
  });
});

describe('mentions after an edit (PUT /api/forumPost/{id})', () => {
  async function edit(headers: Headers, postId: number, content: string) {
    const response = await w.t.app.inject({
      method: 'PUT',
      url: CONVERSATION_API.post(postId),
      headers,
      payload: { content },
    });
    if (response.statusCode !== 200) throw new Error(`edit: ${response.statusCode} ${response.body}`);
  }

  it('should never tell a member twice about one post: not when an edit keeps or re-adds the mention', async () => {
    await createUser(w.t.app, { username: 'bearbeitet' });
    await createUser(w.t.app, { username: 'spaeter' });
    const id = await userId(w, 'bearbeitet');
    const later = await userId(w, 'spaeter');
    const thread = await createThread(w, forumId);
    const post = await reply(w.as.kollege, thread.id, `<p>${mention(id, 'B')}</p>`);
    await edit(w.as.kollege, post.id, `<p>${mention(id, 'B')} (korrigiert)</p>`);
    await edit(w.as.kollege, post.id, '<p>ohne Erwähnung</p>');
    await edit(w.as.kollege, post.id, `<p>wieder ${mention(id, 'B')}</p>`);
    expect(await storedNotices(w, 'bearbeitet')).toHaveLength(1);
    expect(await mentionMails(post.id)).toHaveLength(1);
    // a member first mentioned by an edit is told then, once
    await edit(w.as.kollege, post.id, `<p>${mention(id, 'B')} ${mention(later, 'S')}</p>`);
    await edit(w.as.kollege, post.id, `<p>${mention(later, 'S')}</p>`);
    expect((await storedNotices(w, 'spaeter')).map((row) => row.kind)).toEqual(['mention']);
    expect((await mentionMails(post.id)).map((mail) => mail.recipient)).toEqual([
      'bearbeitet@example.de',
      'spaeter@example.de',
    ]);
    // an edit is no new reply: the thread's followers hear nothing more
    expect(
      (await storedNotices(w, 'mitglied')).filter((row) => row.dedupeKey === `reply:${post.id}`),
    ).toHaveLength(1);
  });

  it("should name the admin whose edit added the mention, and tell neither the admin nor the post's author", async () => {
    await createUser(w.t.app, { username: 'durchadmin' });
    const id = await userId(w, 'durchadmin');
    const thread = await createThread(w, forumId);
    const post = await reply(w.as.kollege, thread.id, '<p>Ohne Namen.</p>');
    const admin = await userId(w, 'admin');
    const kollege = await userId(w, 'kollege');
    await edit(
      w.as.admin,
      post.id,
      `<p>${mention(id, 'D')} ${mention(admin, 'A')} ${mention(kollege, 'K')}</p>`,
    );
    const [row] = await storedNotices(w, 'durchadmin');
    expect(row).toMatchObject({ kind: 'mention', actorId: admin });
    expect((await storedNotices(w, 'admin')).filter((r) => r.kind === 'mention')).toEqual([]);
    expect((await storedNotices(w, 'kollege')).filter((r) => r.dedupeKey === `mention:${post.id}`)).toEqual(
      [],
    );
    const [mail] = await mentionMails(post.id);
    expect(mail?.subject).toBe('admin hat Sie im Forum erwähnt: „Isolierglas beschlägt innen“');
  });
});
