import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ADMIN_MEMBERS_PAGE_SIZE, APP_PATHS, type TAdminGroup } from '@portal/contract';
import { IconDownload, IconUserPlus } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/feedback/load-failed';
import { Page } from '../../../components/page/page';
import { Pagination } from '../../../components/pagination';
import { de } from '../../../i18n/de';
import { downloadMembersCsv } from './api/download-members';
import { useAdminGroups } from './api/get-groups';
import { useMembers } from './api/get-members';
import { MemberCards } from './components/member-cards';
import { MemberFilters } from './components/member-filters';
import { useMemberCreateSheet, useMemberEditSheet } from './components/member-sheets';
import { MemberTable } from './components/member-table';
import { groupByCompany } from './lib/member-groups';
import {
  type MembersQuery,
  membersSearch,
  pageCount,
  readMembersQuery,
  withFilter,
} from './lib/members-query';

const texts = de.adminMembers;
const BREADCRUMBS = [{ label: de.pages.dashboard, to: APP_PATHS.dashboard }, { label: texts.title }];
/** Below this width (the drawer beside the page takes 260 px) each member is a card instead of a row. */
const CARDS_QUERY = '(max-width: 62em)';
const NO_GROUPS: readonly TAdminGroup[] = [];

/**
 * Issue 18, 'admin-members' (/admin/members): search, filter, edit, create, erase and export members; issue 36:
 * filtered by member company, sorted by company with the members under their companies' headings.
 */
export function AdminMembersPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const query = useMemo(() => readMembersQuery(params), [params]);
  const members = useMembers(query);
  const groups = useAdminGroups();
  const cards = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false });
  const openEdit = useMemberEditSheet();
  const openCreate = useMemberCreateSheet();
  const go = (next: MembersQuery) => navigate({ search: membersSearch(next) });

  // A page beyond the end (an old link, the last member of the last page erased): the last page instead.
  const lastPage =
    members.data && !members.isPlaceholderData
      ? pageCount(members.data.total, ADMIN_MEMBERS_PAGE_SIZE)
      : null;
  useEffect(() => {
    if (lastPage !== null && query.page > lastPage) {
      void navigate({ search: membersSearch({ ...query, page: lastPage }) }, { replace: true });
    }
  }, [lastPage, query, navigate]);

  const actions = (
    <Group gap="sm">
      <Button
        variant="light"
        leftSection={<IconDownload size={16} aria-hidden />}
        onClick={() => void downloadMembersCsv(query)}
      >
        {texts.csv}
      </Button>
      <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={openCreate}>
        {texts.create}
      </Button>
    </Group>
  );

  const page = members.data;
  // the previous page stays while the next loads: grouped only if it was sorted by company too
  const companyGroups = useMemo(
    () => (page && query.sort === 'company' && page.companies?.length ? groupByCompany(page) : null),
    [page, query.sort],
  );
  return (
    <Page title={texts.title} breadcrumbs={BREADCRUMBS} actions={actions}>
      <MemberFilters
        query={query}
        groups={groups.data ?? NO_GROUPS}
        onChange={(change) => go(withFilter(query, change))}
      />
      {members.isError && !page ? (
        <LoadFailed text={texts.loadFailed} query={members} />
      ) : !page ? (
        <Stack gap="xs" aria-busy="true" aria-label={de.app.loading}>
          <Skeleton height={20} width={140} />
          <Skeleton height={44} />
          <Skeleton height={44} />
          <Skeleton height={44} />
        </Stack>
      ) : (
        <Stack gap="sm" aria-busy={members.isPlaceholderData || undefined}>
          <Text fw={600} aria-live="polite">
            {texts.total(page.total)}
          </Text>
          {page.items.length === 0 ? (
            <Text c="dimmed">{texts.empty}</Text>
          ) : cards ? (
            <MemberCards members={page.items} groups={companyGroups} onEdit={openEdit} />
          ) : (
            <MemberTable members={page.items} groups={companyGroups} onEdit={openEdit} />
          )}
          <Pagination
            page={query.page}
            total={pageCount(page.total, ADMIN_MEMBERS_PAGE_SIZE)}
            onChange={(next) => go({ ...query, page: next })}
            label={texts.pagination}
          />
        </Stack>
      )}
    </Page>
  );
}
