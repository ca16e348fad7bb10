import { DASHBOARD_API, type TIntroAudience, ZDashboardIntro } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import { introKey } from './get-intro';

/** PUT /api/dashboard/intro `{ html, audience }` (admins); answers with both texts, sanitised. */
function saveIntro(input: { html: string; audience: TIntroAudience }) {
  return api.put(DASHBOARD_API.intro, input, { schema: ZDashboardIntro });
}

export function useSaveIntro() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveIntro,
    onSuccess: (intro) => queryClient.setQueryData(introKey, intro),
  });
}
