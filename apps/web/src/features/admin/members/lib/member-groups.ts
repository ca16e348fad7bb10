import type { TAdminMember, TAdminMembersPage } from '@portal/contract';

/** The members of one company heading on a page sorted by company (issue 36 point 5). */
export interface MemberGroup {
  /** stable within the page: the company's id, or 'none' */
  key: string;
  /** null: 'Ohne Firma' */
  company: { id: number; name: string } | null;
  /** the company's members in the whole list (all pages), as the server counted them */
  count: number;
  members: TAdminMember[];
}

const keyOf = (company: { id: number } | null | undefined) => (company ? String(company.id) : 'none');

/**
 * The page's members under their companies, in the page's order: a company's run of members is one group,
 * with the count the server sent for it (the page's own count where an older answer has none).
 */
export function groupByCompany(page: Pick<TAdminMembersPage, 'items' | 'companies'>): MemberGroup[] {
  const counts = new Map((page.companies ?? []).map((group) => [keyOf(group.company), group.count]));
  const groups: MemberGroup[] = [];
  for (const member of page.items) {
    const key = keyOf(member.memberCompany);
    const last = groups.at(-1);
    if (last?.key === key) {
      last.members.push(member);
      continue;
    }
    groups.push({
      key,
      company: member.memberCompany ?? null,
      count: counts.get(key) ?? 0,
      members: [member],
    });
  }
  for (const group of groups) group.count = Math.max(group.count, group.members.length);
  return groups;
}
