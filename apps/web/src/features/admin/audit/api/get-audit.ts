import { ZAuditPage } from '@portal/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/portal';
import { type AuditFilters, auditApiPath } from '../lib/audit-filters';

export const auditKeys = {
  all: ['admin', 'audit'] as const,
  log: (filters: AuditFilters) => [...auditKeys.all, 'log', filters] as const,
  actors: (q: string) => [...auditKeys.all, 'actors', q] as const,
  actor: (id: number) => [...auditKeys.all, 'actor', id] as const,
};

/** GET /api/admin/audit, newest first; each further page continues before the last entry (`nextBefore`). */
function auditLogQuery(filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: auditKeys.log(filters),
    queryFn: ({ pageParam, signal }) =>
      api.get(auditApiPath(filters, pageParam), { schema: ZAuditPage, signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
  });
}

export function useAuditLog(filters: AuditFilters, enabled: boolean) {
  return useInfiniteQuery({ ...auditLogQuery(filters), enabled });
}
