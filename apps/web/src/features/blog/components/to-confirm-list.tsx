import { Paper, Stack, Text } from '@mantine/core';
import { APP_PATHS, circularLabel } from '@portal/contract';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ListSection } from '../../../components/list-section';
import { de } from '../../../i18n/de';
import type { useToConfirm } from '../api/get-to-confirm';
import { formatDay } from '../lib/confirmations';
import { blogListPath } from '../lib/list-query';
import classes from './circulars.module.css';

/**
 * The dashboard's 'Zu bestätigen' list (issue 34 point 2), a chunk of its own: most members have nothing to
 * confirm most days, and the dashboard's first load does not carry it (docs/bundle.md).
 */
export function ToConfirmList({ query }: { query: ReturnType<typeof useToConfirm> }) {
  return (
    <ListSection
      title={de.circulars.toConfirm}
      more={{ to: blogListPath({ rundschreiben: true }), label: de.circulars.list }}
      query={query}
      placeholderHeight={56}
      empty={de.circulars.toConfirmEmpty}
      failed={de.circulars.toConfirmLoadFailed}
    >
      {(posts) => (
        <Stack component="ul" gap="xs" className={classes.groupList}>
          {posts.map((post) => (
            <li key={post.id}>
              <Paper
                component={Link}
                to={APP_PATHS.post(post.id)}
                withBorder
                radius="md"
                p="sm"
                className={classes.toConfirmLink}
              >
                <span className={classes.toConfirmRow}>
                  <span className={classes.toConfirmText}>
                    <Text fw={600} component="span" display="block">
                      {post.title}
                    </Text>
                    <Text size="sm" c="dimmed" component="span" display="block">
                      {[
                        post.circularNumber ? circularLabel(post.circularNumber) : null,
                        post.confirmBy ? de.circulars.confirmBy(formatDay(post.confirmBy)) : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </span>
                  <IconChevronRight size={18} aria-hidden />
                </span>
              </Paper>
            </li>
          ))}
        </Stack>
      )}
    </ListSection>
  );
}
