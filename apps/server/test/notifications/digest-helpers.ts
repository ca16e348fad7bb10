import type { TBlog, TBlogInput, TDigestFrequency } from '@portal/contract';
import { latestSlot } from '../../src/features/notifications/digest-slots.ts';
import { postInput, savePost } from '../blog/blog-helpers.ts';
import { buildForum, buildThread } from '../helpers/builders-forums-media.ts';
import { userId } from '../helpers/factories.ts';
import { createWorld, type UserSpec, type World } from '../helpers/world.ts';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Two admins (`redaktion` writes the posts), members of each group and of both, a partner. */
const DIGEST_USERS = [
  { username: 'admin', role: 'ROLE_ADMIN', groups: ['Mitglieder'] },
  { username: 'redaktion', role: 'ROLE_ADMIN', groups: ['Mitglieder'] },
  { username: 'mitglied', role: 'ROLE_USER', groups: ['Mitglieder'] },
  { username: 'chef', role: 'ROLE_USER', groups: ['Geschäftsführung'] },
  { username: 'beide', role: 'ROLE_USER', groups: ['Mitglieder', 'Geschäftsführung'] },
  { username: 'partner', role: 'ROLE_PARTNER', groups: ['Partner'] },
] as const satisfies readonly UserSpec[];

export type DigestWorld = World<(typeof DIGEST_USERS)[number]['username']>;

export function createDigestWorld(env: Record<string, string> = {}): Promise<DigestWorld> {
  return createWorld({ env, users: DIGEST_USERS });
}

/** One minute after the first daily (or weekly: Monday) 07:00 Berlin slot after `from`. */
export function nextDigestTime(frequency: Exclude<TDigestFrequency, 'never'> = 'daily', from = new Date()) {
  const current = latestSlot(frequency, from);
  // 30 hours (daily) or 8 days (weekly) after a slot lie past the next slot and before the one after it.
  const later = new Date(current.getTime() + (frequency === 'daily' ? 30 * HOUR : 8 * DAY));
  return new Date(latestSlot(frequency, later).getTime() + MINUTE);
}

/** Writes the member's notification_settings row as the settings screen would have. */
export async function setSettings(
  w: World<never>,
  username: string,
  values: { digest?: TDigestFrequency; digestUntil?: Date | null; version?: number },
): Promise<void> {
  const id = await userId(w, username);
  const db = w.t.database.db;
  await db.deleteFrom('notificationSettings').where('userId', '=', id).execute();
  await db
    .insertInto('notificationSettings')
    .values({ userId: id, updatedAt: new Date(), ...values })
    .execute();
}

export async function digestUntil(w: World<never>, username: string): Promise<Date | null | undefined> {
  const row = await w.t.database.db
    .selectFrom('notificationSettings')
    .select('digestUntil')
    .where('userId', '=', await userId(w, username))
    .executeTakeFirst();
  if (!row) return undefined;
  return row.digestUntil === null ? null : new Date(row.digestUntil);
}

/** The digest mails in the outbox, oldest first. */
export function digestMails(w: World<never>) {
  return w.t.database.db
    .selectFrom('mailOutbox')
    .selectAll()
    .where('topic', 'like', 'digest:%')
    .orderBy('id')
    .execute();
}

export async function digestOf(w: World<never>, username: string) {
  const mails = (await digestMails(w)).filter((mail) => mail.recipient === `${username}@example.de`);
  if (mails.length > 1) throw new Error(`${username} got ${mails.length} digests`);
  return mails[0];
}

/**
 * A news post written by `redaktion` (so that the other admin's digest lists it), published an hour ago unless
 * the overrides say otherwise: a post dated back still counts as new when it was written in the window.
 */
export async function writePost(w: DigestWorld, overrides: Partial<TBlogInput>): Promise<TBlog> {
  const response = await savePost(w, w.as.redaktion, postInput(w, overrides));
  if (response.statusCode !== 200) throw new Error(`post: ${response.statusCode} ${response.body}`);
  return response.json<TBlog>();
}

/** A forum thread with its posts, written straight into the tables at the moments given. */
export async function writeThread(
  w: World<never>,
  input: { forum?: string; name: string; posts: readonly { author: string; at: Date }[] },
): Promise<{ forumId: number; threadId: number; postIds: number[] }> {
  const forum = await buildForum(w, { name: input.forum ?? 'Technik', description: '' });
  const posts = [];
  for (const [index, post] of input.posts.entries()) {
    posts.push({
      authorId: await userId(w, post.author),
      at: post.at,
      content: `<p>Beitrag ${index + 1}</p>`,
    });
  }
  const thread = await buildThread(w, { forumId: forum.id, name: input.name, posts });
  return { forumId: forum.id, threadId: thread.id, postIds: thread.postIds };
}

/** The member's row of forum_thread_readers, as reading a thread or a reply mail leaves it. */
export async function setReader(
  w: World<never>,
  username: string,
  threadId: number,
  values: { readPostId?: number; readPostAt?: Date; mailedAt?: Date },
): Promise<void> {
  await w.t.database.db
    .insertInto('forumThreadReaders')
    .values({ threadId, userId: await userId(w, username), following: true, ...values })
    .execute();
}
