import '@mantine/core/styles/Skeleton.css';
import { Button, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { COMPANY_PAGE_SIZE } from '@portal/contract';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/feedback/load-failed';
import { useConfirmedDeletion } from '../../../components/feedback/use-confirmed-deletion';
import { useSearchText } from '../../../components/form/use-search-text';
import { useBottomSheet } from '../../../components/overlay/bottom-sheet';
import { Page } from '../../../components/page/page';
import { Pagination } from '../../../components/pagination';
import { de } from '../../../i18n/de';
import { useCompanyPage } from './api/get-companies';
import { useDeleteCompany } from './api/save-company';
import { companyCreateSheet } from './components/company-create-form';
import { type CompanyCard, CompanyRow } from './components/company-row';
import { CompanySections, companyCrumbs } from './components/company-sections';

const texts = de.adminCompanies;

function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** Issue 36, /admin/companies (ROLE_ADMIN): search the member companies, create, open and delete them. */
export function AdminCompaniesPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = readPage(params);
  const companies = useCompanyPage(q, page);
  const [text, setText] = useSearchText(q, (next) => setParams(next ? { q: next } : {}, { replace: true }));
  const sheet = useBottomSheet();
  const deletion = useDeleteCompany();
  const confirmedDeletion = useConfirmedDeletion();
  const createButton = useRef<HTMLButtonElement>(null);

  const remove = (company: CompanyCard) =>
    void confirmedDeletion(
      texts.deleteQuestion(company.name),
      () => deletion.mutateAsync(company.id),
      texts.deleted,
    ).then((deleted) => {
      if (deleted) createButton.current?.focus();
    });

  const actions = (
    <Button
      ref={createButton}
      leftSection={<IconPlus size={16} aria-hidden />}
      onClick={() => sheet.open(companyCreateSheet(sheet.close))}
    >
      {texts.create}
    </Button>
  );

  const data = companies.data;
  return (
    <Page title={de.nav.adminCompanies} breadcrumbs={companyCrumbs()} actions={actions}>
      <CompanySections />
      <TextInput
        type="search"
        label={texts.search}
        placeholder={texts.searchPlaceholder}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        maw={420}
      />
      {companies.isError && !data ? (
        <LoadFailed text={texts.loadFailed} query={companies} />
      ) : !data ? (
        <Stack gap="xs" aria-busy="true" aria-label={de.app.loading}>
          <Skeleton height={64} radius="md" />
          <Skeleton height={64} radius="md" />
          <Skeleton height={64} radius="md" />
        </Stack>
      ) : (
        <Stack gap="sm" aria-busy={companies.isPlaceholderData || undefined}>
          <Text fw={600} aria-live="polite">
            {texts.total(data.total)}
          </Text>
          {data.items.length === 0 ? (
            <Text c="dimmed">{texts.empty}</Text>
          ) : (
            <Stack component="ul" gap="xs" p={0} m={0} aria-label={texts.all} style={{ listStyle: 'none' }}>
              {data.items.map((company) => (
                <CompanyRow key={company.id} company={company} onDelete={remove} />
              ))}
            </Stack>
          )}
          <Pagination
            page={page}
            total={Math.ceil(data.total / COMPANY_PAGE_SIZE)}
            onChange={(next) => setParams(q ? { q, page: String(next) } : { page: String(next) })}
            label={texts.pagination}
          />
        </Stack>
      )}
    </Page>
  );
}
