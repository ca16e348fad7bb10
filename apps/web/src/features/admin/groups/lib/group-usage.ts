import type { TAdminGroupUsage } from '@portal/contract';

/** Titles the delete confirmation lists per kind; the rest is counted ('und N weitere'). */
const USAGE_SHOWN = 5;

/** Some member, post or category still has the group: deleting needs the confirmation that lists them. */
export function isInUse(usage: TAdminGroupUsage): boolean {
  return usage.memberCount > 0 || usage.postCount > 0 || usage.categoryCount > 0;
}

export interface UsageList {
  titles: string[];
  /** How many more there are than `titles` shows. */
  more: number;
}

/** The first `shown` titles of a kind and how many more there are in all (`total` from the server). */
export function usageList(titles: readonly string[], total: number, shown: number = USAGE_SHOWN): UsageList {
  const listed = titles.slice(0, shown);
  return { titles: listed, more: Math.max(0, total - listed.length) };
}
