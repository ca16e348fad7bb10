import { ADMIN_MESSAGES, ROLES, type TAccountExport, type TAppAddresses, type TRole } from '@portal/contract';
import type { Kysely } from 'kysely';
import { type AuditChanges, recordAudit } from '../../platform/audit/audit-log.ts';
import type { DB } from '../../platform/db/schema.ts';
import { badRequest, notFound, unauthorized } from '../../platform/http/errors.ts';
import type { MailOutbox } from '../../platform/mail/mail-outbox.ts';
import {
  type ErasedCount,
  exportReaders,
  isoTime,
  type PrivacyPart,
} from '../../platform/registry/privacy-part.ts';
import type { FileStore } from '../../platform/storage/file-store.ts';
import { type AccountsService, memberRow } from '../accounts/index.ts';

export interface PrivacyDeps {
  db: Kysely<DB>;
  accounts: AccountsService;
  /** what each feature exports and erases (src/modules.ts), in the order erasure runs them */
  parts: readonly PrivacyPart[];
  /** where the files erasure removes (a member's photo) are deleted after the commit */
  storage: Pick<FileStore, 'discard'>;
  now?: (() => Date) | undefined;
  /** for the mails an erasure's consequences send (a waiting list moving up) */
  outbox: Pick<MailOutbox, 'enqueue'>;
  addresses: TAppAddresses;
}

/** users.role holds a role name; an unknown one (never written by the app) reads as the least. */
const roleOf = (value: string): TRole => ROLES.find((role) => role === value) ?? 'ROLE_PARTNER';

/** The audit entry's changes: each kind of row deleted, from its count to none (kinds without rows left out). */
function erasedChanges(counts: readonly ErasedCount[]): AuditChanges {
  const changes: AuditChanges = {};
  for (const { field, count } of counts) if (count > 0) changes[field] = { before: count, after: 0 };
  return changes;
}

/** A member's own data as a download, and an admin's erasure of a member (GDPR, issue 18). */
export function createPrivacyService(deps: PrivacyDeps) {
  const { db, parts } = deps;
  const read = exportReaders(parts);
  const now = deps.now ?? (() => new Date());

  return {
    /** Everything the portal keeps about the member, read a query per kind (no query per post or answer). */
    async exportOf(userId: number): Promise<TAccountExport> {
      const profile = await memberRow.profile(db, userId);
      if (!profile) throw unauthorized();
      return {
        exportedAt: now().toISOString(),
        profile: {
          username: profile.username,
          email: profile.email,
          company: profile.company,
          firstName: profile.firstName,
          lastName: profile.lastName,
          role: roleOf(profile.role),
          createdAt: isoTime(profile.createdAt),
          lastLoginAt: profile.lastLoginAt === null ? null : isoTime(profile.lastLoginAt),
        },
        groups: await read.groups(db, userId),
        eventAnswers: await read.eventAnswers(db, userId),
        forumPosts: await read.forumPosts(db, userId),
        forumPostVersions: await read.forumPostVersions(db, userId),
        company: await read.company(db, userId),
        notificationSettings: await read.notificationSettings(db, userId),
        followedThreads: await read.followedThreads(db, userId),
        circularConfirmations: await read.circularConfirmations(db, userId),
        reactions: await read.reactions(db, userId),
        notifications: await read.notifications(db, userId),
      };
    },

    /**
     * Erases the member in one transaction (decision 0086): their row stays, renamed 'Ehemaliges Mitglied',
     * so that their forum posts and uploads keep an author; every feature deletes what else names them. The
     * audit entry holds only counts. Afterwards every instance reloads the member, so their tokens are refused.
     */
    async erase(actorId: number, memberId: number): Promise<void> {
      if (actorId === memberId) throw badRequest(ADMIN_MESSAGES.selfErase);
      const at = now();
      const files: (string | null)[] = [];
      const erased = await db.transaction().execute(async (trx) => {
        const member = await memberRow.lock(trx, memberId);
        if (!member) return false;
        const counts: ErasedCount[] = [];
        for (const part of parts) if (part.files) files.push(...(await part.files(trx, member)));
        const context = { outbox: deps.outbox, addresses: deps.addresses, at };
        for (const part of parts) if (part.erase) counts.push(...(await part.erase(trx, member, context)));
        await memberRow.anonymise(trx, memberId, at);
        await recordAudit(trx, {
          actorId,
          kind: 'member.erase',
          subjectType: 'member',
          subjectId: memberId,
          changes: erasedChanges(counts),
          at,
        });
        return true;
      });
      if (!erased) throw notFound(ADMIN_MESSAGES.memberNotFound);
      await deps.storage.discard(files);
      await deps.accounts.changed(memberId);
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
