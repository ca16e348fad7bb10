import '@mantine/core/styles/Skeleton.css';
import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { APP_PATHS, BLOG_PAGE_SIZE } from '@portal/contract';
import { IconPlus } from '@tabler/icons-react';
import { useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/feedback/load-failed';
import { Page } from '../../../components/page/page';
import { de } from '../../../i18n/de';
import { bringIntoView } from '../../../lib/bring-into-view';
import { useIsAdmin } from '../../../lib/use-session';
import { usePosts } from '../api/get-posts';
import { useToConfirmIds } from '../api/get-to-confirm';
import { blogListPath, readListQuery } from '../lib/list-query';
import { BlogPagination } from './blog-pagination';
import { ListFilter } from './list-filter';
import { PostActions } from './post-actions';
import { usePostFormSheet, usePreloadPostForm } from './post-form-sheet';
import { PostListItem } from './post-list-item';
import { TagChips } from './tag-chips';
import { usePostActions } from './use-post-actions';

/** SPEC §2 Blog list: 10 posts a page, tag chips, 'MarkenKreis-Info' or (`ceo=true`) 'FMK-Intern'. */
export function PostListView() {
  const [params] = useSearchParams();
  const query = readListQuery(params);
  const posts = usePosts(query);
  const isAdmin = useIsAdmin();
  const actions = usePostActions();
  const openForm = usePostFormSheet();
  const navigate = useNavigate();
  const listRef = useRef<HTMLDivElement>(null);
  const title = query.rundschreiben ? de.circulars.list : query.ceo ? de.pages.blogCeo : de.pages.blog;
  const toConfirm = useToConfirmIds();
  // Admins write here: have the form, its editor and its data ready before 'Neuer Beitrag' (issue 14).
  const preloadForm = usePreloadPostForm(isAdmin);

  function goToPage(page: number) {
    void navigate(blogListPath({ ...query, page }));
    bringIntoView(listRef.current);
  }

  const create = isAdmin && (
    <Button
      leftSection={<IconPlus size={16} aria-hidden />}
      onPointerEnter={() => void preloadForm()}
      onFocus={() => void preloadForm()}
      onClick={() => openForm({})}
    >
      {de.blog.create}
    </Button>
  );

  return (
    <Page
      title={title}
      breadcrumbs={[{ label: de.pages.dashboard, to: APP_PATHS.dashboard }, { label: title }]}
      actions={create}
    >
      <ListFilter ceo={query.ceo} rundschreiben={query.rundschreiben} />
      <TagChips
        tags={posts.data?.tags ?? []}
        active={query.tag}
        ceo={query.ceo}
        rundschreiben={query.rundschreiben}
      />
      <Stack ref={listRef} gap="md">
        {posts.isPending ? (
          <ListSkeleton />
        ) : posts.isError ? (
          <LoadFailed text={de.blog.loadFailed} query={posts} />
        ) : posts.data.items.length === 0 ? (
          <Text c="dimmed">
            {query.tag
              ? de.blog.emptyTag(query.tag)
              : query.rundschreiben
                ? de.circulars.empty
                : de.blog.empty}
          </Text>
        ) : (
          posts.data.items.map((post) => (
            <PostListItem
              key={post.id}
              post={post}
              ceo={query.ceo}
              rundschreiben={query.rundschreiben}
              pending={toConfirm.has(post.id)}
              actions={isAdmin && <PostActions post={post} actions={actions} />}
            />
          ))
        )}
        {posts.data && (
          <BlogPagination
            page={query.page}
            pageSize={posts.data.pageSize || BLOG_PAGE_SIZE}
            total={posts.data.total}
            onChange={goToPage}
          />
        )}
      </Stack>
    </Page>
  );
}

function ListSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label={de.app.loading}>
      <Skeleton height={140} radius="md" />
      <Skeleton height={140} radius="md" />
    </Stack>
  );
}
