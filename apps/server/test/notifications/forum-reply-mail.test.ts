import { NOTIFICATIONS_API, type TForumThread } from '@portal/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUnsubscribeTokens } from '../../src/platform/mail/unsubscribe-token.ts';
import {
  createForum,
  createForumWorld,
  createPost,
  createThread,
  type ForumWorld,
  readThread,
  savePost,
} from '../forums/forum-helpers.ts';
import { createUser, userId } from '../helpers/factories.ts';
import { readMail, type SmtpPeer, startSmtpPeer } from '../helpers/smtp-peer.ts';
import type { Headers } from '../helpers/world.ts';
import { drain } from '../mail/mail-helpers.ts';
import { follow, mailedTo, readerRow, replyMails, setForumReplies } from './forum-notify-helpers.ts';

const PUBLIC_URL = 'http://localhost:8080';

let peer: SmtpPeer;
let w: ForumWorld;
let forumId: number;
let dritte: Headers;
beforeAll(async () => {
  peer = await startSmtpPeer();
  w = await createForumWorld({ SMTP_URL: peer.url, MAIL_FROM: 'Portal <portal@verband.example>' });
  forumId = (await createForum(w, 'Technik & Normen')).id;
  await createUser(w.t.app, { username: 'dritte' });
  dritte = await w.login('dritte');
});
afterAll(async () => {
  await w.t.close();
  await peer.close();
});
beforeEach(() => peer.reset());
// nothing may stay queued for the next test
afterEach(() => drain(w.t.app));

const reply = (thread: TForumThread, headers: Headers, content?: string) =>
  createPost(w, thread.id, headers, [], content);

describe('reply mails', () => {
  it('should mail a follower once per thread until they open it again', async () => {
    const thread = await createThread(w, forumId);
    await reply(thread, w.as.kollege);
    await reply(thread, w.as.kollege);
    await reply(thread, w.as.kollege);
    expect(await mailedTo(w, thread.id)).toEqual(['mitglied@example.de']);
    expect(await drain(w.t.app)).toMatchObject({ sent: 1, failed: 0 });
    expect(peer.received.map((mail) => mail.to)).toEqual([['mitglied@example.de']]);

    await reply(thread, w.as.kollege);
    expect(await mailedTo(w, thread.id)).toEqual(['mitglied@example.de']);

    await readThread(w, thread.id);
    expect((await readerRow(w, thread.id, 'mitglied'))?.mailedAt).toBeNull();
    await reply(thread, w.as.kollege);
    expect(await mailedTo(w, thread.id)).toEqual(['mitglied@example.de', 'mitglied@example.de']);
  });

  it('should never mail members about their own posts', async () => {
    const thread = await createThread(w, forumId);
    await reply(thread, w.as.mitglied);
    await reply(thread, w.as.mitglied);
    expect(await replyMails(w, thread.id)).toEqual([]);
    // the first post of a thread mails nobody either: nobody follows it yet
    const fresh = await createThread(w, forumId, w.as.kollege);
    expect(await replyMails(w, fresh.id)).toEqual([]);
  });

  it('should mail every follower but the author of the reply', async () => {
    const thread = await createThread(w, forumId);
    await reply(thread, w.as.kollege);
    await drain(w.t.app);
    await readThread(w, thread.id);
    await follow(w, w.as.admin, thread.id, { following: true });
    await reply(thread, dritte);
    const [first, ...rest] = await mailedTo(w, thread.id);
    expect(first).toBe('mitglied@example.de');
    expect(rest.sort()).toEqual(['admin@example.de', 'kollege@example.de', 'mitglied@example.de']);
  });

  it('should stop mails when the member unfollows, and send them again when they follow', async () => {
    const thread = await createThread(w, forumId);
    expect((await follow(w, w.as.mitglied, thread.id, { following: false })).statusCode).toBe(200);
    await reply(thread, w.as.kollege);
    expect(await replyMails(w, thread.id)).toEqual([]);

    expect((await follow(w, w.as.mitglied, thread.id, { following: true })).statusCode).toBe(200);
    await reply(thread, w.as.kollege);
    expect(await mailedTo(w, thread.id)).toEqual(['mitglied@example.de']);
  });

  it('should respect a member who turned forum reply mails off', async () => {
    const thread = await createThread(w, forumId, dritte);
    await setForumReplies(w, 'dritte', false, 2);
    await reply(thread, w.as.kollege);
    expect(await replyMails(w, thread.id)).toEqual([]);
    expect((await readerRow(w, thread.id, 'dritte'))?.mailedAt).toBeNull();

    await setForumReplies(w, 'dritte', true, 3);
    await reply(thread, w.as.kollege);
    expect(await mailedTo(w, thread.id)).toEqual(['dritte@example.de']);
  });

  it('should mail no disabled member, none without an address and none below ROLE_USER', async () => {
    await createUser(w.t.app, { username: 'gesperrt' });
    await createUser(w.t.app, { username: 'ohneadresse' });
    await createUser(w.t.app, { username: 'herabgestuft' });
    const thread = await createThread(w, forumId, w.as.kollege);
    for (const username of ['gesperrt', 'ohneadresse', 'herabgestuft']) {
      const headers = await w.login(username);
      expect((await follow(w, headers, thread.id, { following: true })).statusCode).toBe(200);
    }
    await w.t.app.accounts.setDisabled('gesperrt', true);
    await w.t.database.db
      .updateTable('users')
      .set({ email: null })
      .where('username', '=', 'ohneadresse')
      .execute();
    await w.t.app.accounts.upsertUser({ username: 'herabgestuft', roles: ['ROLE_PARTNER'] });

    const response = await savePost(w, w.as.mitglied, thread.id, { content: '<p>Hallo</p>' });
    expect(response.statusCode).toBe(200);
    expect(await mailedTo(w, thread.id)).toEqual(['kollege@example.de']);
  });

  it('should queue one mail for two followers with the same address', async () => {
    await createUser(w.t.app, { username: 'zwilling1', email: 'zwilling@example.de' });
    await createUser(w.t.app, { username: 'zwilling2', email: 'zwilling@example.de' });
    const thread = await createThread(w, forumId, await w.login('zwilling1'));
    await follow(w, await w.login('zwilling2'), thread.id, { following: true });
    await reply(thread, w.as.kollege);
    expect(await mailedTo(w, thread.id)).toEqual(['zwilling@example.de']);
  });

  it('should mail the next reply after the thread was opened, even while the first mail still waits', async () => {
    const thread = await createThread(w, forumId);
    await reply(thread, w.as.kollege);
    await readThread(w, thread.id);
    const response = await savePost(w, w.as.kollege, thread.id, { content: '<p>Noch eine</p>' });
    expect(response.statusCode).toBe(200);
    expect(await mailedTo(w, thread.id)).toEqual(['mitglied@example.de', 'mitglied@example.de']);
    expect((await readerRow(w, thread.id, 'mitglied'))?.mailedAt).not.toBeNull();
    expect(await drain(w.t.app)).toMatchObject({ sent: 2 });
    // and still only one until the thread is opened again
    await reply(thread, w.as.kollege);
    expect(await mailedTo(w, thread.id)).toHaveLength(2);
  });

  it('should queue nothing and change nothing when the reply is refused', async () => {
    const thread = await createThread(w, forumId);
    const refused = await savePost(w, w.as.kollege, thread.id, { content: '<p>Anhang</p>' }, [
      { filename: 'notiz.txt', data: 'kein Bild', type: 'text/plain' },
    ]);
    expect(refused.statusCode).toBe(415);
    expect(await replyMails(w, thread.id)).toEqual([]);
    expect(await readerRow(w, thread.id, 'kollege')).toBeUndefined();
    expect((await readerRow(w, thread.id, 'mitglied'))?.mailedAt).toBeNull();
    await reply(thread, w.as.kollege);
    expect(await mailedTo(w, thread.id)).toEqual(['mitglied@example.de']);
  });
});

describe('the reply mail', () => {
  it('should name thread, forum and author, quote the shortened reply and link to it', async () => {
    const thread = await createThread(w, forumId, w.as.mitglied, [], 'Glas & <Fenster> "2026"');
    await setForumReplies(w, 'mitglied', true, 7);
    const long = `${'Randverbund prüfen. '.repeat(60)}ENDE`;
    const post = await reply(
      thread,
      w.as.kollege,
      `<p>Erst <strong>fett</strong> &amp; dann:</p><p>${long}</p>`,
    );

    const [row] = await replyMails(w, thread.id);
    const unsubscribe = row?.listUnsubscribe ?? '';
    expect(unsubscribe.startsWith(`${PUBLIC_URL}${NOTIFICATIONS_API.unsubscribe}?token=`)).toBe(true);
    const token = new URL(unsubscribe).searchParams.get('token') ?? '';
    // signed for the address the mail went to, and for no other
    expect(claimFor(token, 'jemand@example.de')).toBeNull();
    expect(claimFor(token, 'mitglied@example.de')).toEqual({
      userId: await userId(w, 'mitglied'),
      kind: 'forumReplies',
      version: 7,
    });

    await drain(w.t.app);
    const mail = readMail(peer.received[0]?.raw ?? '');
    const link = `${PUBLIC_URL}/forum/${forumId}/thread/${thread.id}?post=${post.id}`;
    expect(mail.to).toBe('mitglied@example.de');
    expect(mail.subject).toBe('Neue Antwort im Forum: „Glas & <Fenster> "2026"“');
    expect(mail.text).toContain(
      'kollege hat im Forum „Technik & Normen“ auf das Thema „Glas & <Fenster> "2026"“ geantwortet',
    );
    expect(mail.text).toContain('> Erst fett & dann:');
    expect(mail.text).toContain('Randverbund prüfen.');
    expect(mail.text).not.toContain('ENDE');
    expect(mail.text).toContain('…');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain(unsubscribe);
    expect(mail.text).toContain(`${PUBLIC_URL}/benachrichtigungen`);
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).toContain('Glas &amp; &lt;Fenster&gt; &quot;2026&quot;');
    expect(mail.html).not.toContain('<strong>');
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain(unsubscribe);
  });

  it('should link the page the reply is on, as the search links a post', async () => {
    const thread = await createThread(w, forumId, w.as.kollege);
    // 21 posts by kollege and mitglied fill page 1; dritte's reply is post 22, on page 2
    for (let index = 0; index < 20; index += 1) await reply(thread, index % 2 ? w.as.kollege : w.as.mitglied);
    await readThread(w, thread.id, '', w.as.kollege);
    await drain(w.t.app);
    peer.reset();
    const post = await reply(thread, dritte);
    await drain(w.t.app);
    const mail = readMail(peer.received.find((sent) => sent.to.includes('kollege@example.de'))?.raw ?? '');
    expect(mail.text).toContain(`${PUBLIC_URL}/forum/${forumId}/thread/${thread.id}?page=2&post=${post.id}`);
  });

  it('should use version 0 of the unsubscribe link for a member without settings', async () => {
    const thread = await createThread(w, forumId, w.as.kollege);
    await reply(thread, dritte);
    const [row] = await replyMails(w, thread.id);
    const token = new URL(row?.listUnsubscribe ?? PUBLIC_URL).searchParams.get('token') ?? '';
    expect(claimFor(token, 'kollege@example.de')).toEqual({
      userId: await userId(w, 'kollege'),
      kind: 'forumReplies',
      version: 0,
    });
  });
});

/** The claim of an unsubscribe token if it was signed for this address. */
function claimFor(token: string, email: string) {
  const tokens = createUnsubscribeTokens(w.t.config.jwtSecret, PUBLIC_URL);
  const claim = tokens.verify(token);
  return claim && tokens.forAddress(claim, email)
    ? { userId: claim.userId, kind: claim.kind, version: claim.version }
    : null;
}
