/**
 * Reading the audit log (issue 18): newest first, a page at a time by keyset on the id. The actor and a member
 * subject are named through their current row, so an erased member reads 'Ehemaliges Mitglied'.
 */
import {
  AUDIT_PAGE_SIZE,
  AUDIT_SUBJECTS,
  ERASED_MEMBER_NAME,
  isAuditKind,
  personName,
  type TAuditEntry,
  type TAuditPage,
  type TAuditSubject,
  ZAuditChanges,
  type ZAuditQuery,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../platform/db/schema.ts';
import { berlinDayStart } from '../../platform/time/berlin-time.ts';

export type AuditQuery = z.output<typeof ZAuditQuery>;

const isSubject = (value: string): value is TAuditSubject =>
  (AUDIT_SUBJECTS as readonly string[]).includes(value);

function parseChanges(text: string | null): TAuditEntry['changes'] {
  if (text === null) return null;
  try {
    const parsed = ZAuditChanges.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function createAuditService(db: Kysely<DB>) {
  return {
    async page(query: AuditQuery): Promise<TAuditPage> {
      let select = db
        .selectFrom('auditLog as a')
        .leftJoin('users as actor', 'actor.id', 'a.actorId')
        .leftJoin('users as member', (join) =>
          join.onRef('member.id', '=', 'a.subjectId').on('a.subjectType', '=', 'member'),
        )
        .select([
          'a.id',
          'a.createdAt',
          'a.actorId',
          'actor.username as actorName',
          'actor.firstName as actorFirstName',
          'actor.lastName as actorLastName',
          'a.kind',
          'a.subjectType',
          'a.subjectId',
          'a.subjectLabel',
          'member.username as memberName',
          'a.changes',
        ]);
      if (query.before !== undefined) select = select.where('a.id', '<', query.before);
      if (query.actor !== undefined) select = select.where('a.actorId', '=', query.actor);
      if (query.kind !== undefined) select = select.where('a.kind', '=', query.kind);
      if (query.from !== undefined) select = select.where('a.createdAt', '>=', berlinDayStart(query.from));
      if (query.to !== undefined) select = select.where('a.createdAt', '<', berlinDayStart(query.to, 1));
      // one more than a page tells whether another page follows
      const rows = await select
        .orderBy('a.id', 'desc')
        .limit(AUDIT_PAGE_SIZE + 1)
        .execute();
      const page = rows.slice(0, AUDIT_PAGE_SIZE);
      const items: TAuditEntry[] = [];
      for (const row of page) {
        // kinds and subjects are written from the contract's lists; an entry of an unknown one is skipped
        if (!isAuditKind(row.kind) || !isSubject(row.subjectType)) continue;
        // a member by their row; a failed login for a name that no member has keeps the typed name as label
        const member = row.subjectType === 'member' && row.subjectId !== null;
        items.push({
          id: row.id,
          at: row.createdAt.toISOString(),
          actor:
            row.actorId === null
              ? null
              : {
                  id: row.actorId,
                  username: row.actorName ?? ERASED_MEMBER_NAME,
                  name: personName({
                    username: row.actorName ?? ERASED_MEMBER_NAME,
                    firstName: row.actorFirstName,
                    lastName: row.actorLastName,
                  }),
                },
          kind: row.kind,
          subjectType: row.subjectType,
          subjectId: row.subjectId,
          subject: member ? (row.memberName ?? ERASED_MEMBER_NAME) : row.subjectLabel,
          changes: parseChanges(row.changes),
        });
      }
      const last = page.at(-1);
      return { items, nextBefore: rows.length > AUDIT_PAGE_SIZE && last ? last.id : null };
    },
  };
}
