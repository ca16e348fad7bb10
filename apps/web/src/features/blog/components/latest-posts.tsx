import '@mantine/core/styles/Accordion.css';
import '@mantine/core/styles/Skeleton.css';
import { Accordion, Anchor, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TBlog } from '@portal/contract';
import { IconArrowRight } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { RichText } from '../../../components/rich-text';
import { de } from '../../../i18n/de';
import { formatDate } from '../../../lib/formatting';
import { useLatestPosts } from '../api/get-latest-posts';
import { blogListPath, postPath } from '../lib/list-query';
import { hasRichContent } from '../lib/post-status';
import classes from './latest-posts.module.css';

/**
 * SPEC §2 Dashboard: the latest 2 posts as an accordion: title, picture, date, author (or 'Nicht bekannt'),
 * pre-text, and 'Weiterlesen' when there is content. The newest one starts open.
 */
export function LatestPosts() {
  const headingId = useId();
  const { data, isPending, isError } = useLatestPosts();
  return (
    <Stack component="section" gap="sm" aria-labelledby={headingId}>
      <Group justify="space-between" align="baseline">
        <Title id={headingId} order={2} size="h3">
          {de.dashboard.latestPosts}
        </Title>
        <Anchor component={Link} to={blogListPath()} size="sm">
          {de.dashboard.allPosts}
        </Anchor>
      </Group>
      {isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={de.app.loading}>
          <Skeleton height={56} radius="md" />
          <Skeleton height={56} radius="md" />
        </Stack>
      ) : isError ? null : data.length === 0 ? (
        <Text c="dimmed" size="sm">
          {de.dashboard.latestEmpty}
        </Text>
      ) : (
        <Accordion
          variant="separated"
          radius="md"
          order={3}
          defaultValue={data[0] ? String(data[0].id) : null}
          classNames={{ item: classes.item, control: classes.control }}
        >
          {data.map((post) => (
            <LatestPost key={post.id} post={post} />
          ))}
        </Accordion>
      )}
    </Stack>
  );
}

function LatestPost({ post }: { post: TBlog }) {
  return (
    <Accordion.Item value={String(post.id)}>
      <Accordion.Control>
        <Text fw={600} component="span" display="block">
          {post.title}
        </Text>
        <Text size="xs" c="dimmed" component="span" display="block">
          <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
        </Text>
      </Accordion.Control>
      <Accordion.Panel>
        <div className={classes.body} data-without-image={post.image ? undefined : true}>
          {post.image && (
            <img src={post.image} alt={de.blog.imageAlt(post.title)} className={classes.picture} />
          )}
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {de.blog.author}: {post.author?.username ?? de.blog.unknownAuthor}
            </Text>
            <RichText html={post.preText} />
            {hasRichContent(post.content) && (
              <Anchor
                component={Link}
                to={postPath(post.id)}
                size="sm"
                fw={600}
                aria-label={de.blog.readMoreAbout(post.title)}
                className={classes.readMore}
              >
                {de.blog.readMore}
                <IconArrowRight size={14} aria-hidden />
              </Anchor>
            )}
          </Stack>
        </div>
      </Accordion.Panel>
    </Accordion.Item>
  );
}
