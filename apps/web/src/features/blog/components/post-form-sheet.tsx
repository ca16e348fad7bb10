import { Alert, Skeleton, Stack } from '@mantine/core';
import type { TBlog } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback } from 'react';
import { useBottomSheet } from '../../../components/overlay/bottom-sheet';
import { preloadable, usePreloadOnIdle } from '../../../components/preloadable';
import { loadRichTextEditor } from '../../../components/rich-text-editor/load-editor';
import { de } from '../../../i18n/de';
import { blogFormDataQuery, useBlogFormData } from '../api/get-blog-form-data';

/**
 * The form (react-hook-form, date picker, rich-text editor) loads when an admin is likely to open it (the
 * blog list preloads it) or opens it; form chunk, editor chunk and form data are fetched at the same time.
 */
const postForm = preloadable(async () => {
  const [form] = await Promise.all([import('./post-form'), loadRichTextEditor()]);
  return form.PostForm;
});
const loadPostForm = postForm.preload;
const PostForm = postForm.Component;

/**
 * Where an admin is likely to write a post: loads the form's chunks and its data once the browser is idle,
 * so that 'Neuer Beitrag' shows the form at once (issue 14). Returns the preload for hover and focus.
 */
export function usePreloadPostForm(when: boolean): () => Promise<unknown> {
  const queryClient = useQueryClient();
  const preload = useCallback(
    () => Promise.all([loadPostForm(), queryClient.prefetchQuery(blogFormDataQuery())]),
    [queryClient],
  );
  usePreloadOnIdle(preload, when);
  return preload;
}

/** Opens the post form in the bottom sheet: a new post, or `post` to edit. */
export function usePostFormSheet(): (target: { post?: TBlog }) => void {
  const sheet = useBottomSheet();
  return ({ post }) => {
    void loadPostForm();
    sheet.open({
      title: post ? de.blog.edit : de.blog.create,
      content: <PostFormSheet post={post} onDone={sheet.close} />,
    });
  };
}

function PostFormSheet({ post, onDone }: { post: TBlog | undefined; onDone: () => void }) {
  const formData = useBlogFormData();
  if (formData.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {de.common.formLoadFailed}
      </Alert>
    );
  }
  if (!formData.data) return <FormSkeleton />;
  return (
    <Suspense fallback={<FormSkeleton />}>
      <PostForm formData={formData.data} post={post} onDone={onDone} />
    </Suspense>
  );
}

function FormSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={de.app.loading}>
      <Skeleton height={36} />
      <Skeleton height={100} />
      <Skeleton height={200} />
    </Stack>
  );
}
