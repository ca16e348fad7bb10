import '@mantine/core/styles/Skeleton.css';
import { Divider, Skeleton, Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { LoadFailed } from '../../../components/feedback/load-failed';
import { Page } from '../../../components/page/page';
import { de } from '../../../i18n/de';
import { useCompany } from './api/get-companies';
import { useSpecialties } from './api/specialties';
import { CompanyContacts } from './components/company-contacts';
import { CompanyForm } from './components/company-form';
import { CompanyLogo } from './components/company-logo';
import { CompanySections, companyCrumbs } from './components/company-sections';

const texts = de.adminCompanies.company;

/** Issue 36, /admin/companies/{id} (ROLE_ADMIN): every field of a company, its logo and its people. */
export function AdminCompanyPage() {
  const id = Number(useParams().id);
  const company = useCompany(id);
  const specialties = useSpecialties();
  const name = company.data?.name ?? de.nav.adminCompanies;

  return (
    <Page title={name} breadcrumbs={companyCrumbs(name)}>
      <CompanySections />
      {company.isError ? (
        <LoadFailed text={texts.loadFailed} query={company} />
      ) : !company.data || !specialties.data ? (
        <Stack gap="sm" aria-busy="true" aria-label={de.app.loading}>
          <Skeleton height={36} />
          <Skeleton height={36} />
          <Skeleton height={120} />
        </Stack>
      ) : (
        <Stack gap="lg">
          <Stack gap="sm" component="section" aria-labelledby="company-data">
            <Title order={2} size="h3" id="company-data">
              {texts.data}
            </Title>
            <CompanyLogo company={company.data} />
            <CompanyForm company={company.data} specialties={specialties.data} />
          </Stack>
          <Divider />
          <CompanyContacts company={company.data} />
        </Stack>
      )}
    </Page>
  );
}
