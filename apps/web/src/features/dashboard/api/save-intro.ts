import { DASHBOARD_API, ZDashboardIntro } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import { introKey } from './get-intro';

/** PUT /api/dashboard/intro `{ html }` (admins); answers with the sanitised text. */
function saveIntro(html: string) {
  return api.put(DASHBOARD_API.intro, { html }, { schema: ZDashboardIntro });
}

export function useSaveIntro() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveIntro,
    onSuccess: (intro) => queryClient.setQueryData(introKey, intro),
  });
}
