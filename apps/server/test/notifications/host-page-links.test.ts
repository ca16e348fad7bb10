/**
 * Issue 31 point 1: with HOST_PAGE_URL every link the portal hands out to members opens the host page with
 * the deep link (`?portal=/blog/4`); the addresses that are no app page (unsubscribe, calendar feed, login
 * link) stay on PUBLIC_URL. The default (no host page, links on PUBLIC_URL) is covered by each feature's tests.
 */
import { BLOG_API, EVENTS_API, NOTIFICATIONS_API, SEARCH_API, type TSearchResult } from '@portal/contract';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUnsubscribeTokens } from '../../src/platform/mail/unsubscribe-token.ts';
import { createPost as createBlogPost } from '../blog/blog-helpers.ts';
import { createEvent } from '../events/event-helpers.ts';
import {
  createForum,
  createForumWorld,
  createPost,
  createThread,
  type ForumWorld,
} from '../forums/forum-helpers.ts';
import { userId } from '../helpers/factories.ts';
import { drain } from '../mail/mail-helpers.ts';
import { nextDigestTime } from './digest-helpers.ts';
import { replyMails } from './forum-notify-helpers.ts';

const HOST_PAGE = 'https://www.verband.example/mitglieder?bereich=portal';
const PUBLIC_URL = 'http://localhost:8080';
const hostLink = (path: string) => `${HOST_PAGE}&portal=${path}`;

let w: ForumWorld;
beforeAll(async () => {
  w = await createForumWorld({ HOST_PAGE_URL: HOST_PAGE });
});
afterAll(() => w.t.close());

/** The mails in the outbox whose topic starts so, newest last. */
function mails(topic: string) {
  return w.t.database.db
    .selectFrom('mailOutbox')
    .selectAll()
    .where('topic', 'like', `${topic}%`)
    .orderBy('id')
    .execute();
}

describe('links with HOST_PAGE_URL', () => {
  it('should link breaking news to the post on the host page', async () => {
    const post = await createBlogPost(w, { visibleForUserGroups: [w.groups.mitglieder] });
    expect(
      (await w.t.app.inject({ url: BLOG_API.breakingNews(post.id), headers: w.as.admin })).statusCode,
    ).toBe(202);
    const [mail] = (await w.t.database.db.selectFrom('mailOutbox').selectAll().execute()).filter((row) =>
      row.subject.startsWith('Eilmeldung'),
    );
    const link = hostLink(`/blog/${post.id}`);
    expect(mail?.text).toContain(link);
    expect(mail?.html).toContain(link.replace('&', '&amp;'));
    expect(mail?.text).not.toContain(`${PUBLIC_URL}/blog/`);
    await drain(w.t.app);
  });

  it('should link reply mails to the thread and the settings on the host page, unsubscribing on the portal', async () => {
    const forum = await createForum(w);
    const thread = await createThread(w, forum.id);
    const post = await createPost(w, thread.id);
    const [mail] = await replyMails(w, thread.id);
    expect(mail?.text).toContain(hostLink(`/forum/${forum.id}/thread/${thread.id}%3Fpost%3D${post.id}`));
    expect(mail?.text).toContain(hostLink('/benachrichtigungen'));
    expect(mail?.text).not.toContain(`${PUBLIC_URL}/forum/`);
    expect(mail?.listUnsubscribe).toContain(`${PUBLIC_URL}${NOTIFICATIONS_API.unsubscribe}?token=`);
    await drain(w.t.app);
  });

  it('should link every entry of the digest and its settings to the host page', async () => {
    const post = await createBlogPost(w, {
      title: 'Neu im Digest',
      visibleForUserGroups: [w.groups.mitglieder],
    });
    const event = await createEvent(w, { name: 'Termin im Digest' });
    await w.app.digestScheduler.runOnce(nextDigestTime());
    const digest = (await mails('digest:')).find((mail) => mail.recipient === 'mitglied@example.de');
    expect(digest?.text).toContain(hostLink(`/blog/${post.id}`));
    expect(digest?.text).toContain(hostLink(`/event/${event.id}`));
    expect(digest?.text).toContain(hostLink('/benachrichtigungen'));
    expect(digest?.text).not.toContain(`${PUBLIC_URL}/blog/`);
    await w.t.database.db.deleteFrom('mailOutbox').execute();
  });

  it('should link the unsubscribe page to the settings on the host page', async () => {
    const tokens = createUnsubscribeTokens(w.t.config.jwtSecret, w.t.config.publicUrl);
    const id = await userId(w, 'mitglied');
    const token = tokens.sign({ userId: id, kind: 'digest', version: 0 }, 'mitglied@example.de');
    const response = await w.app.inject({
      url: `${NOTIFICATIONS_API.unsubscribe}?token=${encodeURIComponent(token)}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`href="${hostLink('/benachrichtigungen').replace('&', '&amp;')}"`);
  });

  it('should give calendar files the event on the host page, with the UID and the feed on the portal', async () => {
    const event = await createEvent(w, { name: 'Kalendertermin' });
    const response = await w.t.app.inject({ url: EVENTS_API.ics(event.id), headers: w.as.mitglied });
    expect(response.statusCode).toBe(200);
    const [vevent] = Object.values(ical.sync.parseICS(response.body)).filter(
      (component): component is VEvent => component?.type === 'VEVENT',
    );
    const url = vevent?.url as unknown;
    expect(typeof url === 'object' && url !== null && 'val' in url ? url.val : url).toBe(
      hostLink(`/event/${event.id}`),
    );
    expect(vevent?.uid).toBe(`event-${event.id}@localhost`);
    const feed = await w.t.app.inject({
      method: 'POST',
      url: EVENTS_API.calendarToken,
      headers: w.as.mitglied,
    });
    expect(feed.json<{ url: string }>().url).toMatch(new RegExp(`^${PUBLIC_URL}/api/calendar/`));
  });

  it("should keep search hits' paths inside the app", async () => {
    const post = await createBlogPost(w, {
      title: 'Suchbarer Hostbeitrag',
      visibleForUserGroups: [w.groups.mitglieder],
    });
    const result = await w.json<TSearchResult>(`${SEARCH_API.search}?q=Hostbeitrag`, w.as.mitglied);
    expect(result.hits.map((hit) => hit.path)).toEqual([`/blog/${post.id}`]);
  });
});
