import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import { Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { hasRole } from '@portal/contract';
import { IconArrowRight } from '@tabler/icons-react';
import { useId } from 'react';
import { de } from '../../../i18n/de';
import { useSession } from '../../../lib/use-session';
import { useQuickAccess } from '../api/get-quick-access';
import { categoryTarget, mayFollow } from '../lib/category-link';
import { CategoryNodeLink } from './category-node-link';
import classes from './quick-access.module.css';

/** SPEC §2 Dashboard: the quick-access links, categories flagged 'Im Schnellzugriff anzeigen'. */
export function QuickAccess() {
  const headingId = useId();
  const query = useQuickAccess();
  const { user } = useSession();
  const { isPending, isError } = query;
  // A partner sees no link to a page of a higher role (content pages are for members).
  const roles = user?.roles ?? [];
  const data = query.data?.filter((category) => mayFollow(category, roles));
  // issue 31: a partner's quick access holds only what was set up for partners; none, no empty box
  if (data?.length === 0 && !hasRole(roles, 'ROLE_USER')) return null;
  return (
    <Stack component="section" gap="sm" aria-labelledby={headingId}>
      <Title id={headingId} order={2} size="h3">
        {de.quickAccess.heading}
      </Title>
      {isPending ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          <Skeleton height={52} />
          <Skeleton height={52} />
          <Skeleton height={52} />
        </SimpleGrid>
      ) : isError || !data ? null : data.length === 0 ? (
        <Text c="dimmed" size="sm">
          {de.quickAccess.empty}
        </Text>
      ) : (
        <SimpleGrid component="ul" cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" className={classes.list}>
          {data.map((category) => (
            <Paper component="li" key={category.id} withBorder radius="md" className={classes.card}>
              <CategoryNodeLink category={category} active={false} className={classes.link} />
              {categoryTarget(category).kind === 'internal' && (
                <IconArrowRight size={18} className={classes.icon} aria-hidden />
              )}
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
