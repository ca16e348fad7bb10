import { Alert, Skeleton, Stack } from '@mantine/core';
import type { TBlog } from '@portal/contract';
import { lazy, Suspense } from 'react';
import { useBottomSheet } from '../../../app/frame';
import { loadRichTextEditor } from '../../../components/rich-text-editor/load-editor';
import { de } from '../../../i18n/de';
import { useBlogFormData } from '../api/get-blog-form-data';

/**
 * The form (react-hook-form, date picker, rich-text editor) loads only when an admin opens it; form chunk,
 * editor chunk and form data are fetched at the same time.
 */
async function loadPostForm() {
  const [form] = await Promise.all([import('./post-form'), loadRichTextEditor()]);
  return { default: form.PostForm };
}
const PostForm = lazy(loadPostForm);

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
