import '@mantine/core/styles/SimpleGrid.css';
import { Button, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { APP_PATHS, COMPANY_PAGE_SIZE, pageCount } from '@portal/contract';
import { useEffect, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadFailed } from '../../components/feedback/load-failed';
import { Page } from '../../components/page/page';
import { Pagination } from '../../components/pagination';
import { de } from '../../i18n/de';
import { useCompanies, useSpecialties } from './api/get-companies';
import classes from './components/companies.module.css';
import { CompanyCard } from './components/company-card';
import { DirectoryFilters } from './components/directory-filters';
import { LetterBar } from './components/letter-bar';
import {
  type DirectoryQuery,
  directorySearch,
  isFiltered,
  readDirectoryQuery,
  withFilter,
} from './lib/directory-query';

const texts = de.directory;
const BREADCRUMBS = [{ label: de.pages.dashboard, to: APP_PATHS.dashboard }, { label: texts.title }];

/** Issue 36, 'directory' (/mitglieder): the member companies as cards, searched, filtered, by letter, paged. */
export function DirectoryPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const query = useMemo(() => readDirectoryQuery(params), [params]);
  const companies = useCompanies(query);
  const specialties = useSpecialties();
  const go = (next: DirectoryQuery) => navigate({ search: directorySearch(next) });

  // A page beyond the end (an old link): the last page instead.
  const lastPage =
    companies.data && !companies.isPlaceholderData
      ? pageCount(companies.data.total, COMPANY_PAGE_SIZE)
      : null;
  useEffect(() => {
    if (lastPage !== null && query.page > lastPage) {
      void navigate({ search: directorySearch({ ...query, page: lastPage }) }, { replace: true });
    }
  }, [lastPage, query, navigate]);

  const page = companies.data;
  const search = directorySearch(query);
  return (
    <Page title={texts.title} breadcrumbs={BREADCRUMBS}>
      <Text>{texts.intro}</Text>
      <search aria-label={texts.filters}>
        <Stack gap="sm">
          <DirectoryFilters
            query={query}
            specialties={specialties.data ?? []}
            onChange={(change) => go(withFilter(query, change))}
          />
          <LetterBar letter={query.letter} onChange={(letter) => go(withFilter(query, { letter }))} />
        </Stack>
      </search>
      {companies.isError && !page ? (
        <LoadFailed text={texts.loadFailed} query={companies} />
      ) : !page ? (
        <Stack gap="sm" aria-busy="true" aria-label={de.app.loading}>
          <Skeleton height={20} width={140} />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            <Skeleton height={110} />
            <Skeleton height={110} />
            <Skeleton height={110} />
          </SimpleGrid>
        </Stack>
      ) : (
        <Stack gap="sm" aria-busy={companies.isPlaceholderData || undefined}>
          <Text fw={600} aria-live="polite">
            {texts.total(page.total)}
          </Text>
          {page.items.length === 0 ? (
            <Stack gap="xs" align="flex-start">
              <Text c="dimmed">{isFiltered(query) ? texts.emptyFiltered : texts.empty}</Text>
              {isFiltered(query) && (
                <Button variant="light" onClick={() => void navigate({ search: '' })}>
                  {texts.showAll}
                </Button>
              )}
            </Stack>
          ) : (
            <SimpleGrid
              component="ul"
              cols={{ base: 1, sm: 2, lg: 3 }}
              spacing="md"
              className={classes.cards}
            >
              {page.items.map((company) => (
                <li key={company.id}>
                  <CompanyCard company={company} search={search} />
                </li>
              ))}
            </SimpleGrid>
          )}
          <Pagination
            page={query.page}
            total={pageCount(page.total, COMPANY_PAGE_SIZE)}
            onChange={(next) => go({ ...query, page: next })}
            label={texts.pagination}
          />
        </Stack>
      )}
    </Page>
  );
}
