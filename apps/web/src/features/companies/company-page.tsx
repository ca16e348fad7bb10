import { Alert, Button, Skeleton, Stack, Title } from '@mantine/core';
import { APP_PATHS, COMPANY_APP_PATHS } from '@portal/contract';
import { IconPencil } from '@tabler/icons-react';
import { useId } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { LoadFailed } from '../../components/feedback/load-failed';
import { Page } from '../../components/page/page';
import { de } from '../../i18n/de';
import { ApiError } from '../../lib/api-error';
import { useCompany } from './api/get-company';
import { CompanyDetails } from './components/company-details';
import { useCompanyFormSheet } from './components/company-form-sheet';
import { ContactList } from './components/contact-list';

const texts = de.directory;

/** The directory's address the member came from (its search and filters), kept by the card's link. */
function directoryLink(state: unknown): string {
  const search =
    typeof state === 'object' && state !== null && 'search' in state && typeof state.search === 'string'
      ? state.search
      : '';
  return `${COMPANY_APP_PATHS.directory}${search.startsWith('?') ? search : ''}`;
}

/** Issue 36, 'company' (/mitglieder/{id}): the company's data and contacts; 'Bearbeiten' for its main contact. */
export function CompanyPage() {
  const params = useParams();
  const id = Number(params.id);
  const location = useLocation();
  const company = useCompany(id);
  const openForm = useCompanyFormSheet();
  const contactsId = useId();
  const directory = directoryLink(location.state);
  const data = company.data;
  const breadcrumbs = [
    { label: de.pages.dashboard, to: APP_PATHS.dashboard },
    { label: texts.title, to: directory },
    { label: data?.name ?? '…' },
  ];
  const missing =
    company.error instanceof ApiError && (company.error.status === 404 || company.error.status === 400);
  const actions = data?.canEdit ? (
    <Button leftSection={<IconPencil size={16} aria-hidden />} onClick={() => openForm(data)}>
      {texts.edit}
    </Button>
  ) : undefined;

  return (
    <Page title={data?.name ?? texts.title} breadcrumbs={breadcrumbs} actions={actions}>
      {missing ? (
        <Alert color="gray" variant="light">
          <Stack gap="xs" align="flex-start">
            {texts.notFound}
            <Button component={Link} to={COMPANY_APP_PATHS.directory} variant="default" size="xs">
              {texts.back}
            </Button>
          </Stack>
        </Alert>
      ) : company.isError ? (
        <LoadFailed text={texts.companyLoadFailed} query={company} />
      ) : !data ? (
        <Stack gap="sm" aria-busy="true" aria-label={de.app.loading}>
          <Skeleton height={160} />
          <Skeleton height={80} />
        </Stack>
      ) : (
        <Stack gap="lg">
          <CompanyDetails company={data} />
          <Stack component="section" gap="sm" aria-labelledby={contactsId}>
            <Title id={contactsId} order={2} size="h3">
              {texts.contacts}
            </Title>
            <ContactList contacts={data.contacts} />
          </Stack>
        </Stack>
      )}
    </Page>
  );
}
