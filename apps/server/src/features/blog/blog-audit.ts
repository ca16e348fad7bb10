import { circularLabel, type TAuditField } from '@portal/contract';
/**
 * What the audit log (issue 18) keeps of a post: its fields, its groups by name and its tags as they were
 * and became; the body only as changed, never its text.
 */
import {
  changedFields,
  recordAudit,
  removedFields,
  withTextsHidden,
} from '../../platform/audit/audit-log.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import type { Executor } from '../../platform/db/executor.ts';

export interface PostState {
  title: string;
  preText: string;
  content: string;
  publishedAt: Date;
  displayOnDashboard: boolean;
  imageName: string | null;
  groupIds: readonly number[];
  tags: readonly string[];
  /** issue 34 */
  circularNumber: number | null;
  circularYear: number | null;
  confirmationRequired: boolean;
  confirmBy: string | null;
  circularVersion: number;
  attachmentNames: readonly string[];
}

const FIELDS = [
  'title',
  'preText',
  'content',
  'publishedAt',
  'displayOnDashboard',
  'userGroups',
  'tags',
  'image',
  'circularNumber',
  'confirmationRequired',
  'confirmBy',
  'version',
  'attachments',
] as const;
const HIDDEN: readonly TAuditField[] = ['content'];

/** `groupNames`: the groups by id (a group deleted meanwhile shows as its id). */
function shown(post: PostState, groupNames: ReadonlyMap<number, string>) {
  return {
    title: post.title,
    preText: post.preText,
    content: post.content,
    publishedAt: post.publishedAt,
    displayOnDashboard: post.displayOnDashboard,
    userGroups: post.groupIds.map((id) => groupNames.get(id) ?? `#${id}`).sort(),
    tags: [...post.tags].sort(),
    image: post.imageName,
    circularNumber:
      post.circularNumber === null || post.circularYear === null
        ? null
        : circularLabel({ number: post.circularNumber, year: post.circularYear }),
    // a plain post shows none of a circular's fields
    confirmationRequired: post.circularNumber === null ? null : post.confirmationRequired,
    confirmBy: post.confirmBy,
    // a new version: the change needs a new confirmation ('Änderung erneut bestätigen lassen')
    version: post.circularNumber === null ? null : post.circularVersion,
    attachments: [...post.attachmentNames],
  };
}

/** In the save's transaction: `post.save` with what changed (everything given, for a new post). */
export async function auditPostSave(
  trx: Executor,
  actor: Principal,
  id: number,
  states: { before: PostState | undefined; after: PostState },
  groupNames: ReadonlyMap<number, string>,
): Promise<void> {
  const before = states.before && shown(states.before, groupNames);
  const changes = changedFields(before, shown(states.after, groupNames), FIELDS);
  await recordAudit(trx, {
    actorId: actor.id,
    kind: 'post.save',
    subjectType: 'post',
    subjectId: id,
    subjectLabel: states.after.title,
    changes: withTextsHidden(changes, HIDDEN),
  });
}

/** In the deletion's transaction: `post.delete` with the fields the post had. */
export async function auditPostDelete(
  trx: Executor,
  actor: Principal,
  id: number,
  post: PostState,
  groupNames: ReadonlyMap<number, string>,
): Promise<void> {
  await recordAudit(trx, {
    actorId: actor.id,
    kind: 'post.delete',
    subjectType: 'post',
    subjectId: id,
    subjectLabel: post.title,
    changes: withTextsHidden(removedFields(shown(post, groupNames), FIELDS), HIDDEN),
  });
}

/** In the transaction that queues the mails: `post.breakingNews` with how many were queued. */
export async function auditBreakingNews(
  trx: Executor,
  actor: Principal,
  post: { id: number; title: string },
  recipients: number,
): Promise<void> {
  await recordAudit(trx, {
    actorId: actor.id,
    kind: 'post.breakingNews',
    subjectType: 'post',
    subjectId: post.id,
    subjectLabel: post.title,
    changes: { recipients: { before: null, after: recipients } },
  });
}
