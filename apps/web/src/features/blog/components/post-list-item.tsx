import { Anchor, Paper, Stack, Title } from '@mantine/core';
import type { TBlog } from '@portal/contract';
import { APP_PATHS } from '@portal/contract';
import { IconArrowRight } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { RichText } from '../../../components/rich-text';
import { de } from '../../../i18n/de';
import { hasRichContent } from '../lib/post-status';
import classes from './blog.module.css';
import { CircularMarks } from './circular-marks';
import { PostMeta } from './post-meta';
import { PostTags } from './post-tags';

interface PostListItemProps {
  post: TBlog;
  ceo: boolean;
  /** listed in 'Rundschreiben': the post's breadcrumb leads back there */
  rundschreiben?: boolean;
  /** Admin buttons beside the title */
  actions?: ReactNode;
  /** The member still has to confirm this circular ('Zu bestätigen') */
  pending?: boolean;
}

/** One post in the list: picture, title, date and author, tags, pre-text and 'Weiterlesen'. */
export function PostListItem({ post, ceo, rundschreiben, actions, pending = false }: PostListItemProps) {
  const titleId = useId();
  const to = APP_PATHS.post(post.id, { ceo, rundschreiben });
  return (
    <Paper component="article" withBorder radius="md" p="md" aria-labelledby={titleId}>
      <div className={classes.item} data-without-image={post.image ? undefined : true}>
        {post.image && (
          <Link to={to} tabIndex={-1} aria-hidden>
            <img src={post.image} alt="" className={classes.thumb} loading="lazy" />
          </Link>
        )}
        <Stack gap={8}>
          <div className={classes.head}>
            <Title order={2} size="h4" id={titleId} className={classes.title}>
              <Link to={to} className={classes.titleLink}>
                {post.title}
              </Link>
            </Title>
            {actions}
          </div>
          <CircularMarks post={post} pending={pending} />
          <PostMeta post={post} />
          <PostTags tags={post.tags} ceo={ceo} />
          <RichText html={post.preText} />
          {hasRichContent(post.content) && (
            <Anchor
              component={Link}
              to={to}
              size="sm"
              fw={600}
              aria-label={de.blog.readMoreAbout(post.title)}
              style={{ alignSelf: 'flex-start', display: 'inline-flex', alignItems: 'center', gap: 4 }}
            >
              {de.blog.readMore}
              <IconArrowRight size={14} aria-hidden />
            </Anchor>
          )}
        </Stack>
      </div>
    </Paper>
  );
}
