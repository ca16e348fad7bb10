import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Fieldset.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, Group, Select, Stack, TextInput } from '@mantine/core';
import {
  type TContentCategory,
  type TContentCategoryFormData,
  type TContentCategoryInput,
  type TContentCategoryValues,
  ZContentCategoryInput,
} from '@portal/contract';
import { Controller, useForm } from 'react-hook-form';
import { useAlerts } from '../../../components/feedback/alerts';
import { useDirtyGuard } from '../../../components/form/dirty-guard';
import { FormActions } from '../../../components/form/form-actions';
import { RichTextInput } from '../../../components/form/rich-text-input';
import { saveWithFieldErrors } from '../../../components/form/save-with-field-errors';
import { de } from '../../../i18n/de';
import { useSaveCategory } from '../api/save-category';
import { parentOptions } from '../lib/parent-options';
import { expandCategory } from './use-tree-expansion';

interface CategoryFormProps {
  formData: TContentCategoryFormData;
  tree: readonly TContentCategory[];
  category: TContentCategory | undefined;
  parentId: number | null;
  onDone: () => void;
}

type FieldName = keyof TContentCategoryInput;
const FIELDS: readonly FieldName[] = [
  'name',
  'type',
  'url',
  'description',
  'visibleForUserGroups',
  'parentId',
];

/** SPEC §5 category form; the contract's schema gives the browser the server's German messages. */
export function CategoryForm({ formData, tree, category, parentId, onDone }: CategoryFormProps) {
  const alerts = useAlerts();
  const save = useSaveCategory();
  const { register, control, handleSubmit, watch, setError, formState } = useForm<
    TContentCategoryInput,
    unknown,
    TContentCategoryValues
  >({
    resolver: zodResolver(ZContentCategoryInput),
    defaultValues: category
      ? {
          id: category.id,
          name: category.name,
          description: category.description ?? '',
          type: category.type,
          url: category.url ?? '',
          visibleForUserGroups: category.visibleForUserGroups,
          showInQuickAccess: category.showInQuickAccess,
          parentId: category.parentId,
        }
      : {
          name: '',
          description: '',
          url: '',
          visibleForUserGroups: formData.defaultUserGroups,
          showInQuickAccess: false,
          parentId,
        },
  });
  const isUrl = watch('type') === formData.urlType;
  const { errors } = formState;
  useDirtyGuard(formState.isDirty);

  const submit = handleSubmit(async (values) => {
    const saved = await saveWithFieldErrors(
      () =>
        save.mutateAsync({
          ...values,
          description: values.description || null,
          url: values.type === formData.urlType ? values.url : null,
        }),
      { entity: 'contentCategory', fields: FIELDS, setError },
    );
    if (!saved.ok) return;
    if (typeof values.parentId === 'number') expandCategory(values.parentId);
    alerts.success(de.categories.saved);
    onDone();
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={de.categories.form.name}
          withAsterisk
          data-autofocus
          error={errors.name?.message}
          {...register('name')}
        />
        <Controller
          control={control}
          name="type"
          render={({ field }) => (
            <Select
              label={de.categories.form.type}
              placeholder={de.categories.form.typePlaceholder}
              withAsterisk
              allowDeselect={false}
              data={formData.types.map((type) => ({ value: type.value, label: type.text }))}
              value={typeof field.value === 'string' ? field.value : null}
              onChange={(value) => field.onChange(value ?? undefined)}
              onBlur={field.onBlur}
              error={errors.type?.message}
              comboboxProps={{ withinPortal: false }}
            />
          )}
        />
        {isUrl && (
          <TextInput
            label={de.categories.form.url}
            withAsterisk
            description={de.categories.form.urlHint}
            error={errors.url?.message}
            {...register('url')}
          />
        )}
        <RichTextInput
          control={control}
          name="description"
          label={de.categories.form.description}
          toolbar="basic"
          minHeight={72}
        />
        <Controller
          control={control}
          name="parentId"
          render={({ field }) => (
            <Select
              label={de.categories.form.parent}
              placeholder={de.categories.form.parentNone}
              clearable
              searchable
              data={parentOptions(tree, category?.id ?? null)}
              value={typeof field.value === 'number' ? String(field.value) : null}
              onChange={(value) => field.onChange(value === null ? null : Number(value))}
              onBlur={field.onBlur}
              error={errors.parentId?.message}
              comboboxProps={{ withinPortal: false }}
            />
          )}
        />
        <Controller
          control={control}
          name="visibleForUserGroups"
          render={({ field }) => (
            <Checkbox.Group
              label={de.categories.form.visibility}
              withAsterisk
              value={Array.isArray(field.value) ? field.value.map(String) : []}
              onChange={(values) => field.onChange(values.map(Number))}
              error={errors.visibleForUserGroups?.message}
            >
              <Group gap="md" mt={6}>
                {formData.userGroups.map((group) => (
                  <Checkbox key={group.id} value={String(group.id)} label={group.name} />
                ))}
              </Group>
            </Checkbox.Group>
          )}
        />
        <Checkbox label={de.categories.form.quickAccess} {...register('showInQuickAccess')} />
        <FormActions onCancel={onDone} submitting={formState.isSubmitting} />
      </Stack>
    </form>
  );
}
