import { CATEGORY_API, ZContentCategoryFormData } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import { categoryKeys } from './query-keys';

/**
 * GET /api/contentCategory/formData: types, user groups and default groups of the category form. Silent:
 * the form shows 'Formular konnte nicht geladen werden' itself (SPEC §8).
 */
function categoryFormDataQuery() {
  return queryOptions({
    queryKey: categoryKeys.formData(),
    queryFn: ({ signal }) =>
      api.get(CATEGORY_API.formData, { schema: ZContentCategoryFormData, signal, silent: true }),
    staleTime: 5 * 60_000,
  });
}

export function useCategoryFormData() {
  return useQuery(categoryFormDataQuery());
}
