import { forumPostMediaField, type TForumPostValues, type TForumThreadValues } from '@portal/contract';

/**
 * The multipart bodies of SPEC §7: `forumThread` JSON { name, content } with `forumId`, `forumPost` JSON
 * { content } with `forumThreadId`, and the files as `forumPostMedia[0]`, `forumPostMedia[1]`, …. The
 * content is the editor's HTML; the server sanitises it.
 */
function appendMedia(form: FormData, files: readonly Blob[]): FormData {
  files.forEach((file, index) => {
    form.append(forumPostMediaField(index), file);
  });
  return form;
}

export function threadFormData(
  forumId: number,
  values: TForumThreadValues,
  files: readonly Blob[],
): FormData {
  const form = new FormData();
  form.append('forumThread', JSON.stringify({ name: values.name, content: values.content }));
  form.append('forumId', String(forumId));
  return appendMedia(form, files);
}

export function replyFormData(threadId: number, values: TForumPostValues, files: readonly Blob[]): FormData {
  const form = new FormData();
  form.append('forumPost', JSON.stringify({ content: values.content }));
  form.append('forumThreadId', String(threadId));
  return appendMedia(form, files);
}
