import '@mantine/core/styles/Skeleton.css';
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { APP_PATHS, pageRange, type TForumPost, type TForumThread } from '@portal/contract';
import { IconMessageReply, IconTrash } from '@tabler/icons-react';
import { Fragment, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAlerts } from '../../../components/feedback/alerts';
import { LoadFailed } from '../../../components/feedback/load-failed';
import { useBottomSheet } from '../../../components/overlay/bottom-sheet';
import type { Crumb } from '../../../components/page/breadcrumb-trail';
import { Page } from '../../../components/page/page';
import { Pagination } from '../../../components/pagination';
import { usePreloadEditor } from '../../../components/rich-text-editor/preload-editor';
import { de } from '../../../i18n/de';
import { formatDateTime } from '../../../lib/formatting';
import { reveal } from '../../../lib/reveal';
import { useIsAdmin, useSession } from '../../../lib/use-session';
import { hasBottomReply, postNumber } from '../lib/paging';
import { postRights } from '../lib/post-rights';
import { positiveId } from '../lib/route-ids';
import { FollowButton } from './follow-button';
import { isNotFound } from './load-error';
import { PostCard } from './post-card';
import { SelectionQuote } from './quote-selection';
import { UnreadMarker } from './unread-marker';
import { useThreadDeletion } from './use-forum-deletion';
import { usePostHandlers } from './use-post-handlers';
import { useThreadPage } from './use-thread-page';

interface ThreadViewProps {
  forumId: number;
  threadId: number;
}

/**
 * SPEC §2 Forums, thread detail: posts oldest first, 20 a page, with 'Antworten' above and, in a thread of
 * more than 10 posts, a second one below. After a reply the last page shows, with the new post in view.
 * Issue 17: it opens at the first unread post, marked 'Neu', and offers to follow the thread.
 */
export function ThreadView({ forumId, threadId }: ThreadViewProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { thread, firstUnreadId } = useThreadPage(threadId, searchParams);
  const isAdmin = useIsAdmin();
  const userId = useSession().user?.id ?? null;
  const sheet = useBottomSheet();
  const alerts = useAlerts();
  const deleteThread = useThreadDeletion(thread.data?.forumId ?? forumId);
  const navigate = useNavigate();
  // Every member may reply here: the reply form's editor is ready before 'Antworten' (issue 14).
  usePreloadEditor(true);
  const [newPostId, setNewPostId] = useState<number | null>(null);
  const topRef = useRef<HTMLDivElement>(null);
  const data = thread.data;
  const replied = (post: TForumPost) => {
    sheet.close();
    alerts.success(de.forums.replied);
    setNewPostId(post.id);
    setSearchParams({ page: 'last' });
  };
  const posts = usePostHandlers(data, forumId, threadId, replied);

  // The new reply: once its page is on screen, bring it into view.
  useEffect(() => {
    if (newPostId === null || !data?.posts.some((post) => post.id === newPostId)) return;
    reveal(document.getElementById(`beitrag-${newPostId}`), true);
    setNewPostId(null);
  }, [data, newPostId]);

  // A search hit's `?post=`: once the post is on screen, bring it into view (once, not again after paging).
  const linkedPostId = positiveId(searchParams.get('post') ?? undefined);
  const linkedShown = useRef(false);
  useEffect(() => {
    if (linkedShown.current || !data?.posts.some((post) => post.id === linkedPostId)) return;
    linkedShown.current = true;
    reveal(document.getElementById(`beitrag-${linkedPostId}`), true);
  }, [data, linkedPostId]);

  // A page after the last (its last post was deleted, or an old link): show the last page instead.
  useEffect(() => {
    if (data && data.posts.length === 0 && data.postCount > 0 && data.page > data.pageCount) {
      setSearchParams({ page: String(data.pageCount) }, { replace: true });
    }
  }, [data, setSearchParams]);

  const breadcrumbs: Crumb[] = [
    { label: de.pages.dashboard, to: APP_PATHS.dashboard },
    { label: de.pages.forums, to: APP_PATHS.forums },
    ...(data
      ? [{ label: data.forumName, to: APP_PATHS.forum(data.forumId) }, { label: data.name }]
      : [{ label: de.pages.thread }]),
  ];

  if (thread.isError) {
    return (
      <Page title={de.pages.thread} breadcrumbs={breadcrumbs}>
        {isNotFound(thread.error) ? (
          <Alert color="gray" variant="light">
            {de.forums.threadNotFound}
          </Alert>
        ) : (
          <LoadFailed text={de.forums.threadLoadFailed} query={thread} />
        )}
      </Page>
    );
  }
  if (!data) {
    return (
      <Page title={de.pages.thread} breadcrumbs={breadcrumbs}>
        <Stack gap="sm" aria-busy="true" aria-label={de.app.loading}>
          <Skeleton height={20} width="40%" />
          <Skeleton height={140} radius="md" />
          <Skeleton height={140} radius="md" />
        </Stack>
      </Page>
    );
  }

  const replyButton = (
    <Button leftSection={<IconMessageReply size={16} aria-hidden />} onClick={() => posts.openReply()}>
      {de.forums.reply}
    </Button>
  );
  // Admins delete the whole thread here too (issue 14), then land on its forum.
  async function removeThread(current: TForumThread) {
    if (await deleteThread(current)) void navigate(APP_PATHS.forum(current.forumId), { replace: true });
  }
  const actions = (
    <Group gap="xs">
      {replyButton}
      <FollowButton thread={data} />
      {isAdmin && (
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => void removeThread(data)}
        >
          {de.forums.deleteThread}
        </Button>
      )}
    </Group>
  );
  const goTo = (next: number, fromBottom: boolean) => {
    // Page 1 too is named: an address without a page opens at the first unread post.
    setSearchParams({ page: String(next) });
    if (fromBottom) reveal(topRef.current);
  };
  const range = pageRange(data.page, data.pageSize, data.postCount);

  return (
    <Page title={data.name} breadcrumbs={breadcrumbs} actions={actions}>
      <Group justify="space-between" gap="sm" ref={topRef}>
        <Text size="sm" c="dimmed">
          {de.forums.startedBy(
            data.author?.name ?? data.author?.username ?? de.forums.unknownAuthor,
            formatDateTime(data.createdAt),
          )}
          {' · '}
          {de.forums.postCount(data.postCount)}
        </Text>
        {range && data.pageCount > 1 && (
          <Text size="sm" c="dimmed">
            {de.forums.postsRange(range.from, range.to, data.postCount)}
          </Text>
        )}
      </Group>
      <Pagination
        page={data.page}
        total={data.pageCount}
        onChange={(next) => goTo(next, false)}
        label={de.forums.postsPagination}
      />
      <Stack gap="sm" aria-busy={thread.isPlaceholderData || undefined}>
        {data.posts.map((post, index) => (
          <Fragment key={post.id}>
            {post.id === firstUnreadId && <UnreadMarker />}
            <PostCard
              post={post}
              number={postNumber(data.page, data.pageSize, index)}
              threadId={data.id}
              rights={postRights(post, userId, isAdmin)}
              handlers={posts.handlers}
            />
          </Fragment>
        ))}
      </Stack>
      <SelectionQuote onQuote={posts.quoteSelection} />
      {(data.pageCount > 1 || hasBottomReply(data.postCount)) && (
        <Group justify="space-between" gap="sm">
          <Pagination
            page={data.page}
            total={data.pageCount}
            onChange={(next) => goTo(next, true)}
            label={de.forums.postsPaginationBottom}
          />
          {hasBottomReply(data.postCount) && replyButton}
        </Group>
      )}
    </Page>
  );
}
