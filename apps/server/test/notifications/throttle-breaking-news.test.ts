import { BLOG_API } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDigestWorld, type DigestWorld, writePost } from './digest-helpers.ts';

/** Members of the group 'Mitglieder' written straight into the tables, as an association's import would. */
const MEMBERS = 2_000;
const RATE = 100;

let w: DigestWorld;
beforeAll(async () => {
  w = await createDigestWorld({ MAIL_RATE_PER_MINUTE: String(RATE) });
  const db = w.t.database.db;
  const now = new Date();
  for (let start = 0; start < MEMBERS; start += 500) {
    const users = Array.from({ length: 500 }, (_, index) => {
      const username = `mitglied-${start + index}`;
      return {
        username,
        usernameKey: username,
        email: `${username}@example.de`,
        company: 'Glas GmbH',
        role: 'ROLE_USER',
        passwordHash: null,
        createdAt: now,
        updatedAt: now,
      };
    });
    const ids = await db.insertInto('users').values(users).returning('id').execute();
    await db
      .insertInto('userGroupMembers')
      .values(ids.map(({ id }) => ({ userId: id, groupId: w.groups.mitglieder })))
      .execute();
  }
});
afterAll(() => w.close());

describe('a breaking news to 2,000 members with MAIL_RATE_PER_MINUTE=100', () => {
  it('should queue every mail at once but send no more than 100 in the first minute', async () => {
    const post = await writePost(w, {
      title: 'Eilmeldung an alle',
      visibleForUserGroups: [w.groups.mitglieder],
    });
    const response = await w.app.inject({ url: BLOG_API.breakingNews(post.id), headers: w.as.admin });
    expect(response.statusCode).toBe(202);
    const queued = await w.t.database.db
      .selectFrom('mailOutbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('topic', '=', `blog:${post.id}`)
      .executeTakeFirstOrThrow();
    expect(Number(queued.n)).toBeGreaterThan(MEMBERS);

    expect(await w.app.mailWorker.runOnce()).toMatchObject({ sent: RATE, failed: 0, throttled: true });
    // within the same minute nothing more goes out, however often the worker looks
    expect(await w.app.mailWorker.runOnce()).toMatchObject({ sent: 0, throttled: true });
    const sent = await w.t.database.db
      .selectFrom('mailOutbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'sent')
      .executeTakeFirstOrThrow();
    expect(Number(sent.n)).toBe(RATE);
  });
});
