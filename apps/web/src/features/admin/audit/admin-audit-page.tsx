import { APP_PATHS } from '@portal/contract';
import '@mantine/core/styles/Skeleton.css';
import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/feedback/load-failed';
import { Page } from '../../../components/page/page';
import { de } from '../../../i18n/de';
import { useAuditLog } from './api/get-audit';
import classes from './components/audit.module.css';
import { AuditEntryCard } from './components/audit-entry-card';
import { AuditFilterFields } from './components/audit-filters';
import { type AuditFilters, auditSearch, datesReversed, readAuditFilters } from './lib/audit-filters';

const texts = de.adminAudit;
const BREADCRUMBS = [{ label: de.pages.dashboard, to: APP_PATHS.dashboard }, { label: de.nav.adminAudit }];

/** Issue 18, /admin/audit (ROLE_ADMIN): the audit log, newest first, filtered by actor, kind and days. */
export function AdminAuditPage() {
  const [params, setParams] = useSearchParams();
  const filters = readAuditFilters(params);
  const reversed = datesReversed(filters);
  const log = useAuditLog(filters, !reversed);

  const changeFilters = (next: AuditFilters) => {
    const search = auditSearch(next);
    if (search === auditSearch(filters)) return;
    // The filters are the address's; changing them is no new page (no history entry, no scroll to the top).
    setParams(new URLSearchParams(search), { replace: true, preventScrollReset: true });
  };

  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Page title={de.nav.adminAudit} breadcrumbs={BREADCRUMBS}>
      <Text>{texts.intro}</Text>
      <AuditFilterFields filters={filters} onChange={changeFilters} />
      {reversed ? null : log.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={de.app.loading}>
          <Skeleton height={56} radius="md" />
          <Skeleton height={56} radius="md" />
          <Skeleton height={56} radius="md" />
        </Stack>
      ) : log.isError && entries.length === 0 ? (
        <LoadFailed text={texts.loadFailed} query={log} />
      ) : entries.length === 0 ? (
        <Text fw={600} role="status">
          {texts.empty}
        </Text>
      ) : (
        <Stack gap="sm">
          <Stack component="ul" gap="xs" className={classes.list} aria-label={texts.entries}>
            {entries.map((entry) => (
              <AuditEntryCard key={entry.id} entry={entry} />
            ))}
          </Stack>
          {log.hasNextPage && (
            <Group justify="center">
              <Button
                variant="default"
                loading={log.isFetchingNextPage}
                onClick={() => void log.fetchNextPage()}
              >
                {texts.more}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Page>
  );
}
