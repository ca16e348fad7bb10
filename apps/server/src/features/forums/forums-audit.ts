/**
 * What the audit log (issue 18) keeps of forums, threads and posts. Forums are written by admins only; threads
 * and posts are logged when an admin writes them (members' own posts are no admin action), edits another
 * member's (issue 37) and deletes them. Texts only as changed, never the texts themselves; authors never (members are named by their
 * row, and a post's author is in the post).
 */
import type { TAuditField, TAuditKind, TAuditSubject } from '@portal/contract';
import {
  changedFields,
  recordAudit,
  removedFields,
  withTextsHidden,
} from '../../platform/audit/audit-log.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import type { Executor } from '../../platform/db/executor.ts';

// a type, not an interface: changedFields takes records
type ForumState = {
  name: string;
  description: string;
};

const FORUM_FIELDS = ['name', 'description'] as const;
const HIDDEN: readonly TAuditField[] = ['description', 'content'];

function record(
  trx: Executor,
  actor: Principal | undefined,
  kind: TAuditKind,
  subject: { type: TAuditSubject; id: number; label: string },
  changes: Parameters<typeof withTextsHidden>[0],
): Promise<void> {
  return recordAudit(trx, {
    actorId: actor?.id ?? null,
    kind,
    subjectType: subject.type,
    subjectId: subject.id,
    subjectLabel: subject.label,
    changes: withTextsHidden(changes, HIDDEN),
  });
}

/** In the save's transaction: `forum.save`; no actor for the demo data. */
export function auditForumSave(
  trx: Executor,
  actor: Principal | undefined,
  id: number,
  states: { before: ForumState | undefined; after: ForumState },
): Promise<void> {
  const changes = changedFields(states.before, states.after, FORUM_FIELDS);
  return record(trx, actor, 'forum.save', { type: 'forum', id, label: states.after.name }, changes);
}

/** In the deletion's transaction: `forum.delete` with its name, description and how many threads went. */
export function auditForumDelete(
  trx: Executor,
  actor: Principal,
  id: number,
  forum: ForumState & { threads: number },
): Promise<void> {
  const changes = removedFields(forum, [...FORUM_FIELDS, 'threads']);
  return record(trx, actor, 'forum.delete', { type: 'forum', id, label: forum.name }, changes);
}

/** In the transaction of a new thread an admin started: `thread.save`. */
export async function auditThreadCreate(
  trx: Executor,
  actor: Principal,
  id: number,
  thread: { name: string; forum: string; content: string },
): Promise<void> {
  const changes = changedFields(null, thread, ['name', 'forum', 'content']);
  await record(trx, actor, 'thread.save', { type: 'thread', id, label: thread.name }, changes);
}

/** In the deletion's transaction: `thread.delete` with its name, forum and how many posts went. */
export function auditThreadDelete(
  trx: Executor,
  actor: Principal,
  id: number,
  thread: { name: string; forum: string; posts: number },
): Promise<void> {
  const changes = removedFields(thread, ['name', 'forum', 'posts']);
  return record(trx, actor, 'thread.delete', { type: 'thread', id, label: thread.name }, changes);
}

/** In the transaction of a reply an admin wrote: `forumPost.save`, named by its thread. */
export async function auditPostCreate(
  trx: Executor,
  actor: Principal,
  id: number,
  post: { thread: string; content: string },
): Promise<void> {
  const changes = changedFields(null, { content: post.content }, ['content']);
  await record(trx, actor, 'forumPost.save', { type: 'forumPost', id, label: post.thread }, changes);
}

/** In the deletion's transaction: `forumPost.delete`, named by its thread. */
export function auditPostDelete(
  trx: Executor,
  actor: Principal,
  id: number,
  post: { thread: string; content: string },
): Promise<void> {
  const changes = removedFields({ content: post.content }, ['content']);
  return record(trx, actor, 'forumPost.delete', { type: 'forumPost', id, label: post.thread }, changes);
}

/** A post's text and its attachments' names, as an edit's entry compares them. */
type PostState = {
  content: string;
  attachments: string[];
};

/**
 * In the edit's transaction, when an admin edited another member's post (issue 37): `forumPost.edit`, named by
 * its thread, with the text only as changed and the attachments' names before → after. Nothing when only the
 * title changed (auditThreadRename).
 */
export async function auditPostEdit(
  trx: Executor,
  actor: Principal,
  id: number,
  post: { thread: string; before: PostState; after: PostState },
): Promise<void> {
  const changes = changedFields(post.before, post.after, ['content', 'attachments']);
  if (!changes) return;
  await record(trx, actor, 'forumPost.edit', { type: 'forumPost', id, label: post.thread }, changes);
}

/** In the edit's transaction, when an admin renamed another member's thread (issue 37): `thread.rename`. */
export async function auditThreadRename(
  trx: Executor,
  actor: Principal,
  id: number,
  name: { before: string; after: string },
): Promise<void> {
  const changes = changedFields({ name: name.before }, { name: name.after }, ['name']);
  await record(trx, actor, 'thread.rename', { type: 'thread', id, label: name.after }, changes);
}
