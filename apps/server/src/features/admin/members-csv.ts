/**
 * The members list as CSV (UTF-8 with BOM, `;`, formula cells escaped: the server's one CSV writer), read a
 * batch at a time in username order, so that 100,000 members never make one giant query.
 */
import { MEMBERS_CSV_HEADER, ROLE_NAMES, type TAdminMember, type TRole } from '@portal/contract';
import type { Kysely } from 'kysely';
import { createCsvCopy } from '../../platform/csv/write-csv.ts';
import type { DB } from '../../platform/db/schema.ts';
import { createMembersRepository, type MemberFilter } from './members.repository.ts';
import { presentMember } from './members.service.ts';

const BATCH = 1_000;

const berlinTime = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

function csvRow(member: TAdminMember): string[] {
  return [
    member.username,
    member.email ?? '',
    member.company ?? '',
    ROLE_NAMES[member.role as TRole],
    member.groups.map((group) => group.name).join(', '),
    member.lastLoginAt === null ? '' : berlinTime.format(new Date(member.lastLoginAt)),
    member.disabled ? 'ja' : 'nein',
  ];
}

export async function membersCsv(db: Kysely<DB>, filter: MemberFilter): Promise<Buffer> {
  const members = createMembersRepository(db);
  const copy = createCsvCopy(MEMBERS_CSV_HEADER);
  let after: string | null = null;
  for (;;) {
    const rows = await members.batchAfter(filter, after, BATCH);
    const groupsOf = await members.groupsOf(rows.map((row) => row.id));
    copy.add(rows.map((row) => csvRow(presentMember(row, groupsOf.get(row.id) ?? []))));
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) break;
    after = last.usernameKey;
  }
  return copy.toBuffer();
}
