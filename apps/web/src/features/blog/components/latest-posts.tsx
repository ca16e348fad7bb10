import { APP_PATHS } from '@portal/contract';
import '@mantine/core/styles/Accordion.css';
import { Accordion, Anchor, Stack, Text } from '@mantine/core';
import type { TBlog } from '@portal/contract';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ListSection } from '../../../components/list-section';
import { RichText } from '../../../components/rich-text';
import { de } from '../../../i18n/de';
import { formatDate } from '../../../lib/formatting';
import { useLatestPosts } from '../api/get-latest-posts';
import { blogListPath } from '../lib/list-query';
import { hasRichContent } from '../lib/post-status';
import postClasses from './blog.module.css';
import classes from './latest-posts.module.css';

/**
 * SPEC §2 Dashboard: the latest 2 posts as an accordion: title, picture, date, author (or 'Nicht bekannt'),
 * pre-text, and 'Weiterlesen' when there is content. The newest one starts open.
 */
export function LatestPosts() {
  return (
    <ListSection
      title={de.dashboard.latestPosts}
      more={{ to: blogListPath(), label: de.dashboard.allPosts }}
      query={useLatestPosts()}
      placeholderHeight={56}
      empty={de.dashboard.latestEmpty}
      failed={de.blog.loadFailed}
    >
      {(data) => (
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
    </ListSection>
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
        <div
          className={`${postClasses.item} ${classes.body}`}
          data-without-image={post.image ? undefined : true}
        >
          {post.image && (
            <img src={post.image} alt={de.blog.imageAlt(post.title)} className={postClasses.thumb} />
          )}
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {de.blog.author}: {post.author?.name ?? post.author?.username ?? de.blog.unknownAuthor}
            </Text>
            <RichText html={post.preText} />
            {hasRichContent(post.content) && (
              <Anchor
                component={Link}
                to={APP_PATHS.post(post.id)}
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
