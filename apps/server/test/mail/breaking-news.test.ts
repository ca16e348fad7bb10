import { BLOG_API, BLOG_MESSAGES, MESSAGES } from '@portal/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ahead, createPost } from '../blog/blog-helpers.ts';
import { createUser } from '../helpers/factories.ts';
import { readMail, type SmtpPeer, startSmtpPeer } from '../helpers/smtp-peer.ts';
import { createWorld, type World } from '../helpers/world.ts';
import { drain, outboxRows } from './mail-helpers.ts';

let peer: SmtpPeer;
let w: World;

/** admin, mitglied, beide and the extra member 'kollegin' are in Mitglieder; chef and beide in Geschäftsführung. */
const MEMBERS_AND_GF = ['admin', 'beide', 'chef', 'kollegin', 'mitglied'].map((name) => `${name}@example.de`);

beforeAll(async () => {
  peer = await startSmtpPeer();
  w = await createWorld({ env: { SMTP_URL: peer.url, MAIL_FROM: 'Portal <portal@verband.example>' } });
  await createUser(w.t.app, { username: 'kollegin', groups: ['Mitglieder'] });
  // the same address twice: one mail
  await createUser(w.t.app, { username: 'kollegin2', email: 'Kollegin@example.de', groups: ['Mitglieder'] });
  await createUser(w.t.app, { username: 'gesperrt', groups: ['Mitglieder'] });
  await w.t.app.accounts.setDisabled('gesperrt', true);
  await w.t.app.accounts.upsertUser({ username: 'ohnemail', email: null, groups: ['Mitglieder'] });
});
afterAll(async () => {
  await w.t.close();
  await peer.close();
});
beforeEach(() => peer.reset());
afterEach(async () => {
  // nothing may stay queued for the next test
  await drain(w.t.app);
});

const send = (id: number, headers = w.as.admin) =>
  w.t.app.inject({ url: BLOG_API.breakingNews(id), headers });

/** as if the post's breaking news had been queued `ms` ago */
const pressedAgo = (id: number, ms: number) =>
  w.t.database.db
    .updateTable('blogPosts')
    .set({ breakingNewsAt: new Date(Date.now() - ms) })
    .where('id', '=', id)
    .execute();

const recipients = () => peer.received.flatMap((mail) => mail.to).sort();

describe('GET /api/blog/sendAsBreakingNews/{id}', () => {
  it('should queue one mail per member who may see the post and answer at once', async () => {
    const post = await createPost(w, { visibleForUserGroups: [w.groups.mitglieder, w.groups.gf] });
    const response = await send(post.id);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ queued: 5 });
    expect(peer.received).toHaveLength(0);
    expect((await outboxRows(w)).filter((row) => row.status === 'pending')).toHaveLength(5);

    expect(await drain(w.t.app)).toEqual({ sent: 5, retried: 0, failed: 0 });
    expect(recipients()).toEqual(MEMBERS_AND_GF);
    expect(
      peer.received.every((mail) => mail.to.length === 1 && mail.from === 'portal@verband.example'),
    ).toBe(true);
    expect(await drain(w.t.app)).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(peer.received).toHaveLength(5);
  });

  it('should write a German mail with the title, the pre-text and a link to the post, escaping HTML', async () => {
    const post = await createPost(w, {
      title: 'Glas & <Fenster> "2026"',
      preText: '<p>Die Messe <strong>öffnet</strong> früher.</p><p>Zweiter Absatz &lt;b&gt;</p>',
      visibleForUserGroups: [w.groups.partner],
    });
    expect((await send(post.id)).json()).toEqual({ queued: 1 });
    await drain(w.t.app);
    expect(recipients()).toEqual(['partner@example.de']);
    const mail = readMail(peer.received[0]?.raw ?? '');
    const link = `http://localhost:8080/blog/${post.id}`;
    expect(mail.subject).toBe('Eilmeldung: Glas & <Fenster> "2026"');
    expect(mail.to).toBe('partner@example.de');
    expect(mail.text).toContain('Glas & <Fenster> "2026"');
    expect(mail.text).toContain('Die Messe öffnet früher.\n\nZweiter Absatz <b>');
    expect(mail.text).toContain(`Zum Beitrag: ${link}`);
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).toContain('Glas &amp; &lt;Fenster&gt; &quot;2026&quot;');
    expect(mail.html).toContain('<p>Die Messe öffnet früher.</p>');
    expect(mail.html).toContain('Zweiter Absatz &lt;b&gt;');
    expect(mail.html).not.toContain('<strong>');
    expect(mail.html).toContain(`<a href="${link}"`);
    expect(mail.messageId).toMatch(/^<outbox-\d+-\d+@localhost>$/);
  });

  it('should refuse a scheduled post with 409 and queue nothing', async () => {
    const post = await createPost(w, { publishedAt: ahead(60_000) });
    const before = (await outboxRows(w)).length;
    const response = await send(post.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: BLOG_MESSAGES.breakingNewsScheduled });
    expect(await outboxRows(w)).toHaveLength(before);
  });

  it('should refuse a second breaking news while the first is being sent', async () => {
    const post = await createPost(w, { visibleForUserGroups: [w.groups.partner] });
    expect((await send(post.id)).statusCode).toBe(202);
    const again = await send(post.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: BLOG_MESSAGES.breakingNewsPending });
    await drain(w.t.app);
    expect(recipients()).toEqual(['partner@example.de']);
  });

  it('should refuse it again within 10 minutes once sent, and allow it after that', async () => {
    const post = await createPost(w, { visibleForUserGroups: [w.groups.partner] });
    expect((await send(post.id)).statusCode).toBe(202);
    await drain(w.t.app);
    const again = await send(post.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: BLOG_MESSAGES.breakingNewsRecent });
    expect(await drain(w.t.app)).toEqual({ sent: 0, retried: 0, failed: 0 });

    await pressedAgo(post.id, 9 * 60_000);
    expect((await send(post.id)).statusCode).toBe(409);
    await pressedAgo(post.id, 10 * 60_000 + 1_000);
    expect((await send(post.id)).statusCode).toBe(202);
    await drain(w.t.app);
    expect(recipients()).toEqual(['partner@example.de', 'partner@example.de']);
  });

  it('should queue once when pressed twice at the same moment', async () => {
    const post = await createPost(w, { visibleForUserGroups: [w.groups.partner] });
    const answers = await Promise.all([send(post.id), send(post.id), send(post.id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 409, 409]);
    await drain(w.t.app);
    expect(recipients()).toEqual(['partner@example.de']);
  });

  it.each(['mitglied', 'partner'] as const)('should refuse %s with 403', async (user) => {
    const post = await createPost(w);
    const response = await send(post.id, w.as[user]);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: MESSAGES.forbidden });
  });

  it('should answer 404 for an unknown post and 401 without token', async () => {
    expect((await send(999_999)).statusCode).toBe(404);
    expect((await send(999_999, {})).statusCode).toBe(401);
  });
});

describe('delivery through the outbox', () => {
  it('should retry after a temporary refusal with back-off, and deliver each mail once', async () => {
    const post = await createPost(w, { visibleForUserGroups: [w.groups.partner] });
    await send(post.id);
    peer.refuseNext(1);
    // default back-off: the second attempt waits 30 s
    expect(await w.t.app.mailWorker.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0, throttled: false });
    expect(await w.t.app.mailWorker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, throttled: false });
    const [row] = (await outboxRows(w)).filter((r) => r.topic === `blog:${post.id}`);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.lastError).toContain('451');
    const wait = new Date(row?.nextAttemptAt ?? 0).getTime() - Date.now();
    expect(wait).toBeGreaterThan(25_000);
    expect(wait).toBeLessThanOrEqual(30_000);

    const fast = await w.t.secondInstance({ mailWorker: { retryBaseMs: 0 } });
    try {
      await w.t.database.db.updateTable('mailOutbox').set({ nextAttemptAt: new Date() }).execute();
      expect(await drain(fast.app)).toEqual({ sent: 1, retried: 0, failed: 0 });
    } finally {
      await fast.close();
    }
    expect(recipients()).toEqual(['partner@example.de']);
  });

  it('should deliver every mail exactly once when the peer refuses the first attempts', async () => {
    const fast = await w.t.secondInstance({ mailWorker: { retryBaseMs: 0 } });
    try {
      const post = await createPost(w, { visibleForUserGroups: [w.groups.mitglieder, w.groups.gf] });
      await send(post.id);
      peer.refuseNext(4);
      expect(await drain(fast.app)).toEqual({ sent: 5, retried: 4, failed: 0 });
      expect(recipients()).toEqual(MEMBERS_AND_GF);
      const rows = (await outboxRows(w)).filter((r) => r.topic === `blog:${post.id}`);
      expect(rows.every((r) => r.status === 'sent' && r.sentAt !== null)).toBe(true);
      expect(rows.reduce((sum, r) => sum + r.attempts, 0)).toBe(9);
    } finally {
      await fast.close();
    }
  });

  it('should give up after the maximum of attempts and on a permanent refusal', async () => {
    const fast = await w.t.secondInstance({ mailWorker: { retryBaseMs: 0, maxAttempts: 3 } });
    try {
      const post = await createPost(w, { visibleForUserGroups: [w.groups.gf] });
      peer.rejectRecipient('chef@example.de');
      await send(post.id);
      peer.refuseNext(3);
      const result = await drain(fast.app);
      expect(result.failed).toBe(2);
      const rows = (await outboxRows(w)).filter((r) => r.topic === `blog:${post.id}`);
      const chef = rows.find((r) => r.recipient === 'chef@example.de');
      const beide = rows.find((r) => r.recipient === 'beide@example.de');
      expect(chef).toMatchObject({ status: 'failed', attempts: 1 });
      expect(chef?.lastError).toContain('550');
      expect(beide).toMatchObject({ status: 'failed', attempts: 3 });
      expect(peer.received).toHaveLength(0);
    } finally {
      await fast.close();
    }
  });
});
