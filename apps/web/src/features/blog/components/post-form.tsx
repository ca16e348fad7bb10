import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/dates/styles.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { MultiSelect, Stack, Switch, TagsInput, TextInput } from '@mantine/core';
import { BLOG_MESSAGES, BLOG_TAGS_MAX, type TBlog, type TBlogFormData } from '@portal/contract';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useAlerts } from '../../../components/feedback/alerts';
import { DateTimeField } from '../../../components/form/date-time-field';
import { useDirtyGuard } from '../../../components/form/dirty-guard';
import { FormActions } from '../../../components/form/form-actions';
import { useImageChoice } from '../../../components/form/image-choice';
import { ImageField } from '../../../components/form/image-field';
import { RichTextInput } from '../../../components/form/rich-text-input';
import { saveWithFieldErrors } from '../../../components/form/save-with-field-errors';
import { useUploadProgress } from '../../../components/form/upload-progress';
import { de } from '../../../i18n/de';
import { ApiError } from '../../../lib/api-error';
import { useSavePost } from '../api/save-post';
import { type AttachmentEntry, attachmentFields, keptAttachments } from '../lib/circular-attachments';
import {
  initialPostValues,
  type PostFormOutput,
  type PostFormValues,
  postPayload,
  ZPostForm,
} from '../lib/post-form-values';
import { userGroupList } from '../lib/user-groups';
import { CircularFields } from './circular-fields';

interface PostFormProps {
  formData: TBlogFormData;
  post: TBlog | undefined;
  onDone: () => void;
}

const FIELDS = [
  'title',
  'preText',
  'content',
  'visibleForUserGroups',
  'publishedAt',
  'tags',
  'displayOnDashboard',
  'circular',
  'confirmBy',
] as const;

/** SPEC §5 post form; the contract's schema gives the browser the server's German messages. */
export function PostForm({ formData, post, onDone }: PostFormProps) {
  const alerts = useAlerts();
  const save = useSavePost();
  const groups = useMemo(() => userGroupList(formData.userGroups), [formData.userGroups]);
  const image = useImageChoice(de.blog.form.imageType);
  const { register, control, handleSubmit, setError, formState } = useForm<
    PostFormValues,
    unknown,
    PostFormOutput
  >({
    resolver: zodResolver(ZPostForm),
    defaultValues: initialPostValues(post, formData),
  });
  const { errors } = formState;
  const upload = useUploadProgress();
  const [attachments, setAttachments] = useState<AttachmentEntry[]>(() => keptAttachments(post));
  const [attachmentsError, setAttachmentsError] = useState<string | null>(null);
  const attachmentsChanged =
    attachments.length !== (post?.attachments.length ?? 0) ||
    attachments.some((entry, index) => entry.kind === 'new' || entry.id !== post?.attachments[index]?.id);
  useDirtyGuard(formState.isDirty || image.choice.file !== null || image.choice.remove || attachmentsChanged);

  const submit = handleSubmit(async (values) => {
    if (!image.check()) return;
    const fields = attachmentFields(values.circular ? attachments : []);
    setAttachmentsError(null);
    const saved = await saveWithFieldErrors(
      () =>
        upload.track((onProgress) =>
          save.mutateAsync({
            blog: postPayload(values, image.choice, fields.keep),
            image: image.choice.file,
            attachments: fields.files,
            onProgress,
          }),
        ),
      {
        entity: 'blog',
        fields: FIELDS,
        setError,
        onError: (failure) => {
          // A refused file is the picture's or an attachment's: the server's message tells which.
          const attachmentRefusal = attachmentRefusalOf(failure);
          if (attachmentRefusal) setAttachmentsError(attachmentRefusal);
          else image.showServerError(failure);
        },
      },
    );
    if (!saved.ok) return;
    alerts.success(de.blog.saved);
    onDone();
  }, image.check);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={de.blog.form.title}
          withAsterisk
          data-autofocus
          error={errors.title?.message}
          {...register('title')}
        />
        <RichTextInput
          control={control}
          name="preText"
          label={de.blog.form.preText}
          required
          toolbar="basic"
          minHeight={72}
        />
        <RichTextInput
          control={control}
          name="content"
          label={de.blog.form.content}
          required
          minHeight={200}
        />
        <ImageField
          current={post?.image ? { url: post.image, name: post.imagePath } : null}
          choice={image.choice}
          onChange={image.choose}
          error={image.error}
        />
        <Controller
          control={control}
          name="publishedAt"
          render={({ field }) => (
            <DateTimeField
              label={de.blog.form.publishedAt}
              description={de.blog.form.publishedAtHint}
              required
              clearable
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.publishedAt?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="visibleForUserGroups"
          render={({ field }) => (
            <MultiSelect
              label={de.blog.form.visibility}
              placeholder={de.blog.form.visibilityPlaceholder}
              withAsterisk
              clearable
              data={groups.map((group) => ({ value: String(group.id), label: group.name }))}
              value={Array.isArray(field.value) ? field.value.map(String) : []}
              onChange={(values) => field.onChange(values.map(Number))}
              onBlur={field.onBlur}
              error={errors.visibleForUserGroups?.message}
              comboboxProps={{ withinPortal: false }}
            />
          )}
        />
        <Controller
          control={control}
          name="tags"
          render={({ field }) => (
            <TagsInput
              label={de.blog.form.tags}
              description={de.blog.form.tagsHint}
              placeholder={de.blog.form.tagsPlaceholder}
              data={formData.tags}
              maxTags={BLOG_TAGS_MAX}
              clearable
              value={Array.isArray(field.value) ? field.value.map(String) : []}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={tagError(errors.tags)}
              comboboxProps={{ withinPortal: false }}
            />
          )}
        />
        <Controller
          control={control}
          name="displayOnDashboard"
          render={({ field }) => (
            <Switch
              label={de.blog.form.displayOnDashboard}
              checked={field.value !== false}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
            />
          )}
        />
        <CircularFields
          control={control}
          errors={errors}
          post={post}
          attachments={attachments}
          onAttachmentsChange={setAttachments}
          attachmentsError={attachmentsError}
        />
        <FormActions onCancel={onDone} submitting={formState.isSubmitting} progress={upload.progress} />
      </Stack>
    </form>
  );
}

/** The server's refusal of a circular's attachment (not PDF, too many, a plain post with files), or null. */
function attachmentRefusalOf(failure: unknown): string | null {
  if (!(failure instanceof ApiError)) return null;
  const field = Object.entries(failure.fieldErrors).find(([path]) => path.includes('attachments'));
  if (field) return field[1];
  const attachmentMessages: readonly string[] = [
    BLOG_MESSAGES.attachmentType,
    BLOG_MESSAGES.tooManyAttachments,
    BLOG_MESSAGES.attachmentsOnlyCircular,
  ];
  return attachmentMessages.includes(failure.message) ? failure.message : null;
}

/** The tag list's message, or that of its first faulty tag (a tag too long). */
function tagError(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  for (const entry of Object.values(error)) {
    const message = tagError(entry);
    if (message) return message;
  }
  return undefined;
}
