import {
  forumPostMediaField,
  type TForumPostEdit,
  type TForumPostValues,
  type TForumThreadValues,
} from '@portal/contract';

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

/**
 * PUT /api/forumPost/{id} (issue 37): `forumPost` JSON { content, name? } (`name` only for a thread's first
 * post), the attachments to drop as `removeMedia` JSON (ids) and the new files as for a new post.
 */
export function editFormData(
  values: TForumPostEdit,
  removeMedia: readonly number[],
  files: readonly Blob[],
): FormData {
  const form = new FormData();
  form.append(
    'forumPost',
    JSON.stringify(
      values.name === undefined
        ? { content: values.content }
        : { content: values.content, name: values.name },
    ),
  );
  if (removeMedia.length > 0) form.append('removeMedia', JSON.stringify(removeMedia));
  return appendMedia(form, files);
}
