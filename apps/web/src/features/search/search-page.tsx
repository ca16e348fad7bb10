import '@mantine/core/styles/Skeleton.css';
import { Skeleton, Stack, Text } from '@mantine/core';
import { APP_PATHS, pageCount } from '@portal/contract';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadFailed } from '../../components/feedback/load-failed';
import type { Crumb } from '../../components/page/breadcrumb-trail';
import { Page } from '../../components/page/page';
import { Pagination } from '../../components/pagination';
import { de } from '../../i18n/de';
import { useIsAdmin } from '../../lib/use-session';
import { useSearch } from './api/get-search';
import { HitList } from './components/hit-list';
import { SearchForm } from './components/search-form';
import { TypeChips } from './components/type-chips';
import { queryProblem, RESULTS_PAGE_SIZE, readSearchAddress, searchPath } from './lib/search-address';

const BREADCRUMBS: Crumb[] = [
  { label: de.pages.dashboard, to: APP_PATHS.dashboard },
  { label: de.pages.search },
];

/** `/search?q=…&type=…&page=…` (issue 16): the hits of a search, grouped by type, with type chips and paging. */
export function SearchPage() {
  const [params] = useSearchParams();
  const { q, type, page } = readSearchAddress(params);
  const navigate = useNavigate();
  const problem = queryProblem(q);
  const isAdmin = useIsAdmin();
  const result = useSearch(
    { q: q.trim(), type, offset: (page - 1) * RESULTS_PAGE_SIZE, limit: RESULTS_PAGE_SIZE },
    problem === null,
  );
  const data = result.data;

  return (
    <Page
      title={de.pages.search}
      tabTitle={q.trim() ? de.search.tabTitle(q.trim()) : undefined}
      breadcrumbs={BREADCRUMBS}
    >
      <SearchForm key={q} initial={q} onSearch={(next) => void navigate(searchPath({ q: next }))} />
      {problem !== null ? (
        q.trim() && <Text c="dimmed">{problem === 'tooShort' ? de.search.prompt : de.search.tooLong}</Text>
      ) : result.isError ? (
        <LoadFailed text={de.search.loadFailed} query={result} />
      ) : !data ? (
        <Stack gap="sm" aria-busy="true" aria-label={de.app.loading}>
          <Skeleton height={28} width="50%" />
          <Skeleton height={72} radius="md" />
          <Skeleton height={72} radius="md" />
        </Stack>
      ) : (
        <Stack gap="md" aria-busy={result.isPlaceholderData || undefined}>
          <TypeChips q={q} counts={data.counts} capped={data.capped} active={type} isAdmin={isAdmin} />
          <div role="status">
            {data.total > 0 ? (
              <Text size="sm" c="dimmed">
                {de.search.count(
                  data.total,
                  q.trim(),
                  type === null ? data.capped.length > 0 : data.capped.includes(type),
                )}
              </Text>
            ) : (
              <Text fw={600}>{de.search.empty(q.trim())}</Text>
            )}
          </div>
          {data.total === 0 ? (
            <Text c="dimmed" size="sm">
              {de.search.emptyHint}
            </Text>
          ) : (
            <HitList hits={data.hits} counts={data.counts} capped={data.capped} />
          )}
          <Pagination
            page={page}
            total={pageCount(data.total, RESULTS_PAGE_SIZE)}
            onChange={(next) => void navigate(searchPath({ q, type, page: next }))}
            label={de.search.pagination}
          />
        </Stack>
      )}
    </Page>
  );
}
