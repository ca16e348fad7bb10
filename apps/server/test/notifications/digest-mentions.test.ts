import { APP_PATHS, type TForumThread } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveThread } from '../forums/forum-helpers.ts';
import { buildForum } from '../helpers/builders-forums-media.ts';
import { userId } from '../helpers/factories.ts';
import { addNotice } from './centre-helpers.ts';
import { createDigestWorld, DAY, type DigestWorld, digestOf, nextDigestTime } from './digest-helpers.ts';

const URL = 'http://localhost:8080';

let w: DigestWorld;
let thread: TForumThread;
beforeAll(async () => {
  w = await createDigestWorld();
  const now = nextDigestTime();
  const forum = await buildForum(w, { name: 'Technik' });
  const mitglied = await userId(w, 'mitglied');
  const response = await saveThread(w, w.as.chef, forum.id, {
    name: 'Glaspreise 2027',
    content: `<p>Was meint <a href="/personen/${mitglied}" data-mention="${mitglied}">@mitglied</a>?</p>`,
  });
  if (response.statusCode !== 200) throw new Error(`thread: ${response.statusCode} ${response.body}`);
  thread = response.json<TForumThread>();
  // a mention before the window: in an earlier digest
  await addNotice(w, 'mitglied', {
    kind: 'mention',
    actor: 'chef',
    text: 'hat Sie in „Altes Thema“ erwähnt.',
    link: '/forum/1/thread/1',
    at: new Date(now.getTime() - 3 * DAY),
  });
  await w.app.digestScheduler.runOnce(now);
});
afterAll(() => w.close());

describe("the digest's 'Erwähnungen'", () => {
  it('should list the mentions of the window, linking their post, and count them in the subject', async () => {
    const mail = await digestOf(w, 'mitglied');
    expect(mail?.subject).toContain('1 Erwähnung');
    expect(mail?.text).toContain('Erwähnungen');
    expect(mail?.text).toContain('chef hat Sie in „Glaspreise 2027“ erwähnt.');
    const [first] = thread.posts;
    const link = `${URL}${APP_PATHS.thread(thread.forumId, thread.id, { page: 1, post: first?.id ?? 0 })}`;
    expect(mail?.text).toContain(link);
    expect(mail?.html).toContain('Erwähnungen');
    expect(mail?.text).not.toContain('Altes Thema');
  });

  it('should have no such section for members nobody mentioned', async () => {
    for (const username of ['beide', 'admin']) {
      const mail = await digestOf(w, username);
      expect(mail?.text ?? '').not.toContain('Erwähnung');
    }
  });
});
