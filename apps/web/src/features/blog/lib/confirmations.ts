import type { TConfirmationMember } from '@portal/contract';

export interface CompanyGroup {
  /** null: members without a company, listed last */
  company: string | null;
  members: TConfirmationMember[];
}

/**
 * The office's lists grouped by company (issue 34 point 3): companies in German alphabetical order, members
 * without a company last, the members of a company in the order the server sends them (by name).
 */
export function groupByCompany(members: readonly TConfirmationMember[]): CompanyGroup[] {
  const groups = new Map<string | null, TConfirmationMember[]>();
  for (const member of members) {
    const company = member.company?.trim() ? member.company.trim() : null;
    const list = groups.get(company);
    if (list) list.push(member);
    else groups.set(company, [member]);
  }
  return [...groups.entries()]
    .map(([company, list]) => ({ company, members: list }))
    .sort((a, b) => {
      if (a.company === null) return b.company === null ? 0 : 1;
      if (b.company === null) return -1;
      return a.company.localeCompare(b.company, 'de');
    });
}

/** '25.11.2026' → '2026-11-25'; null for anything that is not a day of the calendar. */
export function parseGermanDay(text: string): string | null {
  const match = /^\s*(\d{1,2})\.(\d{1,2})\.(\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [, day, month, year] = match;
  const iso = `${year}-${month?.padStart(2, '0')}-${day?.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}

/** 'YYYY-MM-DD' → '25.11.2026' (a calendar day, no time zone involved). */
export function formatDay(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}.${month}.${year}`;
}
