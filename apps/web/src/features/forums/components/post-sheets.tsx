import '@mantine/core/styles/Skeleton.css';
import { Skeleton, Stack } from '@mantine/core';
import type { TForumPost, TForumThread } from '@portal/contract';
import { lazy, Suspense } from 'react';
import type { BottomSheetOptions } from '../../../components/overlay/bottom-sheet';
import { preloadable, usePreloadOnIdle } from '../../../components/preloadable';
import { loadRichTextEditor } from '../../../components/rich-text-editor/load-editor';
import { de } from '../../../i18n/de';

/**
 * The thread and reply forms (with the dropzone) form their own chunk, fetched when a form first opens. The
 * thread form is loaded ahead in a forum, so that 'Neues Thema' opens with the focus in its title (issue 31).
 */
const threadForm = preloadable(async () => (await import('./thread-form')).default);
const ThreadForm = threadForm.Component;
const ReplyForm = lazy(() => import('./reply-form'));
const PostEditForm = lazy(() => import('./post-edit-form'));

const preloadThreadForm = () => Promise.all([threadForm.preload(), loadRichTextEditor()]);

/** In a forum, where every member may start a thread: the form and its editor, on idle. */
export function usePreloadThreadForm(): void {
  usePreloadOnIdle(preloadThreadForm, true);
}

function FormLoading() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={de.app.loading}>
      <Skeleton height={36} />
      <Skeleton height={120} />
      <Skeleton height={100} />
    </Stack>
  );
}

export function threadFormSheet(
  forumId: number,
  onCreated: (thread: TForumThread) => void,
  close: () => void,
): BottomSheetOptions {
  return {
    title: de.forums.newThread,
    content: (
      <Suspense fallback={<FormLoading />}>
        <ThreadForm forumId={forumId} onCreated={onCreated} onCancel={close} />
      </Suspense>
    ),
  };
}

/** `initialContent`: a quote the reply starts with (issue 37 point 3). */
export function replyFormSheet(
  thread: Pick<TForumThread, 'id' | 'forumId' | 'name'>,
  onReplied: (post: TForumPost) => void,
  close: () => void,
  initialContent = '',
): BottomSheetOptions {
  return {
    title: de.forums.replyTo(thread.name),
    content: (
      <Suspense fallback={<FormLoading />}>
        <ReplyForm
          threadId={thread.id}
          forumId={thread.forumId}
          initialContent={initialContent}
          onReplied={onReplied}
          onCancel={close}
        />
      </Suspense>
    ),
  };
}

/** 'Bearbeiten' of a post (issue 37 point 1); a first post's form holds the thread's title too. */
export function editFormSheet(
  post: TForumPost,
  thread: Pick<TForumThread, 'id' | 'forumId' | 'name'>,
  onSaved: (post: TForumPost) => void,
  close: () => void,
): BottomSheetOptions {
  return {
    title: de.forumConversation.editTitle,
    content: (
      <Suspense fallback={<FormLoading />}>
        <PostEditForm post={post} thread={thread} onSaved={onSaved} onCancel={close} />
      </Suspense>
    ),
  };
}
