/**
 * The members list as CSV (UTF-8 with BOM, `;`, formula cells escaped: the server's one CSV writer), read a
 * batch at a time in the list's order (by username, or by company and name), so that 100,000 members never
 * make one giant query.
 */
import {
  MEMBERS_CSV_HEADER,
  ROLE_NAMES,
  type TAdminMember,
  type TMembersSort,
  type TRole,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import { createCsvCopy } from '../../platform/csv/write-csv.ts';
import type { DB } from '../../platform/db/schema.ts';
import {
  createMembersRepository,
  type MemberCursor,
  type MemberFilter,
  type MemberRow,
} from './members.repository.ts';
import { presentMembers } from './members-presenter.ts';

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
    // the member company where the member belongs to one, else what the host website sent
    member.memberCompany?.name ?? member.company ?? '',
    ROLE_NAMES[member.role as TRole],
    member.groups.map((group) => group.name).join(', '),
    member.lastLoginAt === null ? '' : berlinTime.format(new Date(member.lastLoginAt)),
    member.disabled ? 'ja' : 'nein',
  ];
}

function cursorOf(sort: TMembersSort, row: MemberRow): MemberCursor {
  return sort === 'company'
    ? { sort, companyOrder: row.companyOrder, nameKey: row.nameKey, id: row.id }
    : { sort, usernameKey: row.usernameKey };
}

export async function membersCsv(
  db: Kysely<DB>,
  filter: MemberFilter,
  sort: TMembersSort = 'username',
): Promise<Buffer> {
  const members = createMembersRepository(db);
  const copy = createCsvCopy(MEMBERS_CSV_HEADER);
  let after: MemberCursor | null = null;
  for (;;) {
    const rows = await members.batchAfter(filter, sort, after, BATCH);
    copy.add((await presentMembers(db, rows, members.groupsOf)).map(csvRow));
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) break;
    after = cursorOf(sort, last);
  }
  return copy.toBuffer();
}
