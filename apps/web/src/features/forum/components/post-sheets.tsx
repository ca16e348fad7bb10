import '@mantine/core/styles/Skeleton.css';
import { Skeleton, Stack } from '@mantine/core';
import type { TForumPost, TForumThread } from '@portal/contract';
import { lazy, Suspense } from 'react';
import type { BottomSheetOptions } from '../../../components/overlay/bottom-sheet';
import { de } from '../../../i18n/de';

/** The thread and reply forms (with the dropzone) form their own chunk, fetched when a form first opens. */
const ThreadForm = lazy(() => import('./thread-form'));
const ReplyForm = lazy(() => import('./reply-form'));

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

export function replyFormSheet(
  thread: Pick<TForumThread, 'id' | 'forumId' | 'name'>,
  onReplied: (post: TForumPost) => void,
  close: () => void,
): BottomSheetOptions {
  return {
    title: de.forums.replyTo(thread.name),
    content: (
      <Suspense fallback={<FormLoading />}>
        <ReplyForm threadId={thread.id} forumId={thread.forumId} onReplied={onReplied} onCancel={close} />
      </Suspense>
    ),
  };
}
