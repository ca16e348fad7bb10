import { ADMIN_COMPANIES_API, ZCompanyImportResult } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { downloadFile } from '../../../../lib/download-file';
import { withQuery } from '../../../../lib/form-data';
import { api } from '../../../../lib/portal';
import { companyKeys } from './query-keys';

interface ImportRun {
  file: File;
  dryRun: boolean;
}

/** POST /api/admin/companies/import(?dryRun=true) with the CSV as multipart `file`. */
export function useImportCompanies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun }: ImportRun) =>
      api.postForm(
        withQuery(ADMIN_COMPANIES_API.import, { dryRun }),
        { file },
        { schema: ZCompanyImportResult },
      ),
    onSuccess: (result) => {
      if (!result.applied) return;
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: companyKeys.admin }),
        queryClient.invalidateQueries({ queryKey: companyKeys.directory }),
      ]);
    },
  });
}

/** GET /api/admin/companies/export, saved as the server names it. */
export function downloadCompaniesCsv(): Promise<void> {
  return downloadFile(ADMIN_COMPANIES_API.export, 'firmen.csv');
}
