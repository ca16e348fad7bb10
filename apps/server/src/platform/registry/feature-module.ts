/**
 * How a feature plugs into the platform's cross-cutting services (ARCHITECTURE §7, issue 32): each feature's
 * index.ts exports one FeatureModule saying what it contributes, and the composition root (src/modules.ts)
 * hands the list to each service. The platform names no feature's table: what a service needs of a feature,
 * the feature says here.
 */
import type { TAuditKind } from '@portal/contract';
import type { DB } from '../db/schema.ts';
import type { SearchSource } from '../search/search-source.ts';
import type { DigestSection } from './digest-section.ts';
import type { GroupUsage } from './group-usage.ts';
import type { PrivacyPart } from './privacy-part.ts';

export interface FeatureModule {
  /** the feature's folder (test/platform/modules.test.ts checks that every folder has its module) */
  name: string;
  /** its part of a member's data export and of erasure (features/privacy) */
  privacy?: PrivacyPart;
  /** its documents in the search: how they are written, who may open them, what a hit opens (features/search) */
  search?: SearchSource;
  /** its section of the digest mail (features/notifications) */
  digest?: DigestSection;
  /**
   * the kinds of audit entry it records (platform/audit); their German names are the contract's AUDIT_KINDS,
   * which the audit log's filter shows
   */
  auditKinds?: readonly TAuditKind[];
  /**
   * its tables of bookkeeping that no answer kept in memory reads (sessions, read markers, …): writing them
   * keeps those answers, while a write to any other table drops them (platform/cache/answer-cache.ts)
   */
  bookkeepingTables?: readonly (keyof DB)[];
  /** what of it a group is shown to, for the groups screen (features/admin) */
  groupUsage?: Partial<GroupUsage>;
}

/** The parts of one kind that the modules give, in the modules' order. */
export function partsOf<K extends keyof FeatureModule>(
  modules: readonly FeatureModule[],
  kind: K,
): NonNullable<FeatureModule[K]>[] {
  return modules.flatMap((module) => {
    const part = module[kind];
    return part === undefined ? [] : [part];
  });
}
