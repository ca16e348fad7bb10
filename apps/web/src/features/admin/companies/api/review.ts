import {
  ADMIN_COMPANIES_API,
  type TReviewDecision,
  ZCompanyProposal,
  ZCompanyReviewResult,
} from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/portal';
import { companyKeys } from './query-keys';

/** GET /api/admin/companies/review: the companies proposed from members' company texts. */
export function useProposals() {
  return useQuery({
    queryKey: companyKeys.review,
    queryFn: ({ signal }) =>
      api.get(ADMIN_COMPANIES_API.review, { schema: ZCompanyProposal.array(), signal }),
  });
}

/** POST /api/admin/companies/review: every decision in one transaction. */
export function useApplyReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decisions: TReviewDecision[]) =>
      api.post(ADMIN_COMPANIES_API.review, { decisions }, { schema: ZCompanyReviewResult }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: companyKeys.admin }),
        queryClient.invalidateQueries({ queryKey: companyKeys.directory }),
      ]),
  });
}
