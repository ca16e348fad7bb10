import {
  ADMIN_MESSAGES,
  DEFAULT_NOTIFICATION_SETTINGS,
  isDigestFrequency,
  ROLES,
  type TAccountExport,
  type TRole,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import { changedFields, recordAudit } from '../../platform/audit/audit-log.ts';
import type { DB } from '../../platform/db/schema.ts';
import { badRequest, notFound, unauthorized } from '../../platform/http/errors.ts';
import type { AccountsService } from '../accounts/index.ts';
import { createErasureRepository, type ErasedCounts } from './erasure.repository.ts';
import { createExportRepository } from './export.repository.ts';

export interface PrivacyDeps {
  db: Kysely<DB>;
  accounts: AccountsService;
  now?: (() => Date) | undefined;
}

const iso = (value: Date): string => value.toISOString();
const isoOrNull = (value: Date | null): string | null => (value === null ? null : iso(value));
/** users.role holds a role name; an unknown one (never written by the app) reads as the least. */
const roleOf = (value: string): TRole => ROLES.find((role) => role === value) ?? 'ROLE_PARTNER';

const ERASED_KINDS: readonly (keyof ErasedCounts)[] = [
  'groups',
  'eventAnswers',
  'sessions',
  'readMarkers',
  'mails',
];
const NONE_LEFT: ErasedCounts = { groups: 0, eventAnswers: 0, sessions: 0, readMarkers: 0, mails: 0 };

/** A member's own data as a download, and an admin's erasure of a member (GDPR, issue 18). */
export function createPrivacyService(deps: PrivacyDeps) {
  const exports = createExportRepository(deps.db);
  const erasure = createErasureRepository();
  const now = deps.now ?? (() => new Date());

  return {
    /** Everything the portal keeps about the member, read a query per kind (no query per post or answer). */
    async exportOf(userId: number): Promise<TAccountExport> {
      const profile = await exports.profile(userId);
      if (!profile) throw unauthorized();
      const groups = await exports.groupNames(userId);
      const answers = await exports.eventAnswers(userId);
      const posts = await exports.forumPosts(userId);
      const settings = await exports.notificationSettings(userId);
      const followed = await exports.followedThreads(userId);
      return {
        exportedAt: now().toISOString(),
        profile: {
          username: profile.username,
          email: profile.email,
          company: profile.company,
          role: roleOf(profile.role),
          createdAt: iso(profile.createdAt),
          lastLoginAt: isoOrNull(profile.lastLoginAt),
        },
        groups,
        eventAnswers: answers.map((row) => ({
          eventId: row.eventId,
          event: row.event,
          startAt: iso(row.startAt),
          answer: row.status ? 'attend' : 'decline',
          answeredAt: iso(row.updatedAt),
        })),
        forumPosts: posts.map((row) => ({
          id: row.id,
          forum: row.forum,
          thread: row.thread,
          threadId: row.threadId,
          content: row.content,
          createdAt: iso(row.createdAt),
          updatedAt: iso(row.updatedAt),
        })),
        notificationSettings: settings
          ? {
              forumReplies: settings.forumReplies,
              digest: isDigestFrequency(settings.digest)
                ? settings.digest
                : DEFAULT_NOTIFICATION_SETTINGS.digest,
            }
          : DEFAULT_NOTIFICATION_SETTINGS,
        followedThreads: followed,
      };
    },

    /**
     * Erases the member in one transaction (decision 0086): their row stays, renamed 'Ehemaliges Mitglied',
     * so that their forum posts and uploads keep an author; everything else that names them goes. The audit
     * entry holds only counts. Afterwards every instance reloads the member, so their tokens are refused.
     */
    async erase(actorId: number, memberId: number): Promise<void> {
      if (actorId === memberId) throw badRequest(ADMIN_MESSAGES.selfErase);
      const at = now();
      const erased = await deps.db.transaction().execute(async (trx) => {
        const member = await erasure.lockMember(trx, memberId);
        if (!member) return false;
        const counts = await erasure.deletePersonalRows(trx, memberId, member);
        await erasure.anonymise(trx, memberId, at);
        await recordAudit(trx, {
          actorId,
          kind: 'member.erase',
          subjectType: 'member',
          subjectId: memberId,
          changes: changedFields(counts, NONE_LEFT, ERASED_KINDS),
          at,
        });
        return true;
      });
      if (!erased) throw notFound(ADMIN_MESSAGES.memberNotFound);
      await deps.accounts.changed(memberId);
    },
  };
}
