import { Alert } from '@mantine/core';
import type { TCompany } from '@portal/contract';
import { FormSkeleton } from '../../../components/form/form-skeleton';
import { useBottomSheet } from '../../../components/overlay/bottom-sheet';
import { de } from '../../../i18n/de';
import { useSpecialties } from '../api/get-companies';
import { useCompany } from '../api/get-company';
import { CompanyForm } from './company-form';

/** Opens the company's form in the bottom sheet (SPEC §4: one form dialog at a time). */
export function useCompanyFormSheet(): (company: TCompany) => void {
  const sheet = useBottomSheet();
  return (company) =>
    sheet.open({
      title: de.directory.editTitle(company.name),
      content: <CompanyFormLoader company={company} onDone={sheet.close} />,
    });
}

/** The form chooses among the specialties: shown once they are loaded. */
function CompanyFormLoader({ company, onDone }: { company: TCompany; onDone: () => void }) {
  const specialties = useSpecialties();
  const current = useCompany(company.id);
  if (specialties.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {de.common.formLoadFailed}
      </Alert>
    );
  }
  if (!specialties.data) return <FormSkeleton heights={[36, 36, 36, 36, 60]} />;
  return (
    <CompanyForm
      company={company}
      specialties={specialties.data}
      reload={async () => (await current.refetch()).data ?? null}
      onDone={onDone}
    />
  );
}
