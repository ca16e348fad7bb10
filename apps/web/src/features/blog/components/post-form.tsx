import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/dates/styles.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { MultiSelect, Stack, Switch, TagsInput, TextInput } from '@mantine/core';
import { BLOG_TAGS_MAX, type TBlog, type TBlogFormData } from '@portal/contract';
import { useMemo } from 'react';
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
import { useSavePost } from '../api/save-post';
import {
  initialPostValues,
  type PostFormOutput,
  type PostFormValues,
  postPayload,
  ZPostForm,
} from '../lib/post-form-values';
import { userGroupList } from '../lib/user-groups';

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
  useDirtyGuard(formState.isDirty || image.choice.file !== null || image.choice.remove);

  const submit = handleSubmit(async (values) => {
    if (!image.check()) return;
    const saved = await saveWithFieldErrors(
      () =>
        upload.track((onProgress) =>
          save.mutateAsync({ blog: postPayload(values, image.choice), image: image.choice.file, onProgress }),
        ),
      { entity: 'blog', fields: FIELDS, setError, onError: image.showServerError },
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
        <FormActions onCancel={onDone} submitting={formState.isSubmitting} progress={upload.progress} />
      </Stack>
    </form>
  );
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
