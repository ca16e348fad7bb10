import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, TextInput } from '@mantine/core';
import {
  type TMediaCategory,
  type TMediaCategoryInput,
  type TMediaCategoryValues,
  ZMediaCategoryInput,
} from '@portal/contract';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useAlerts } from '../../../components/feedback/alerts';
import { useDirtyGuard } from '../../../components/form/dirty-guard';
import { FormActions } from '../../../components/form/form-actions';
import { saveWithFieldErrors } from '../../../components/form/save-with-field-errors';
import { de } from '../../../i18n/de';
import { useSaveMediaCategory } from '../api/save-media-category';
import { MediaCategoryField } from './media-category-field';
import { mediaTreeExpansion } from './media-tree-expansion';

interface MediaCategoryFormProps {
  tree: readonly TMediaCategory[];
  /** The category to edit; without it a new one. */
  category: TMediaCategory | undefined;
  onDone: () => void;
}

const FIELDS = ['name', 'parentId'] as const;

/** SPEC §5 media category: name required ('Name ist ein Pflichtfeld.'), optionally below another one. */
export function MediaCategoryForm({ tree, category, onDone }: MediaCategoryFormProps) {
  const alerts = useAlerts();
  const save = useSaveMediaCategory();
  const { register, control, handleSubmit, setError, setFocus, formState } = useForm<
    TMediaCategoryInput,
    unknown,
    TMediaCategoryValues
  >({
    resolver: zodResolver(ZMediaCategoryInput),
    defaultValues: category
      ? { id: category.id, name: category.name, parentId: category.parentId }
      : { name: '', parentId: null },
  });
  useDirtyGuard(formState.isDirty);
  // The form can arrive after the drawer opened (lazy chunk), too late for the drawer's own autofocus.
  useEffect(() => setFocus('name'), [setFocus]);

  const submit = handleSubmit(async (values) => {
    const saved = await saveWithFieldErrors(() => save.mutateAsync(values), {
      entity: 'mediaCategory',
      fields: FIELDS,
      setError,
    });
    if (!saved.ok) return;
    if (typeof values.parentId === 'number') mediaTreeExpansion.expand(values.parentId);
    alerts.success(de.media.categorySaved);
    onDone();
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={de.media.form.name}
          withAsterisk
          data-autofocus
          error={formState.errors.name?.message}
          {...register('name')}
        />
        <MediaCategoryField
          control={control}
          name="parentId"
          label={de.media.form.parent}
          placeholder={de.media.form.parentNone}
          clearable
          tree={tree}
          excludedId={category?.id ?? null}
        />
        <FormActions onCancel={onDone} submitting={formState.isSubmitting} />
      </Stack>
    </form>
  );
}
