import { DASHBOARD_API, ZDashboardIntro } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/portal';

export const introKey = ['dashboard', 'intro'] as const;

/** GET /api/dashboard/intro: the dashboard's intro text (sanitised HTML; '' hides it). */
function introQuery() {
  return queryOptions({
    queryKey: introKey,
    queryFn: ({ signal }) => api.get(DASHBOARD_API.intro, { schema: ZDashboardIntro, signal }),
  });
}

export function useIntro() {
  return useQuery(introQuery());
}
