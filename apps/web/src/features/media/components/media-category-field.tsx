import '@mantine/core/styles/Combobox.css';
import { Select } from '@mantine/core';
import type { TMediaCategory } from '@portal/contract';
import { type FieldValues, type UseControllerProps, useController } from 'react-hook-form';
import { treeOptions } from '../../../lib/tree-transforms';

interface MediaCategoryFieldProps<F extends FieldValues> extends UseControllerProps<F> {
  label: string;
  placeholder: string;
  tree: readonly TMediaCategory[];
  /** A category that cannot be chosen, with its subtree (the edited category as its own parent). */
  excludedId?: number | null;
  clearable?: boolean;
  withAsterisk?: boolean;
}

/** A form field holding a media category id, chosen from the tree (indented by level). */
export function MediaCategoryField<F extends FieldValues>({
  label,
  placeholder,
  tree,
  excludedId = null,
  clearable = false,
  withAsterisk,
  ...controller
}: MediaCategoryFieldProps<F>) {
  const { field, fieldState } = useController(controller);
  const value: unknown = field.value;
  return (
    <Select
      ref={field.ref}
      label={label}
      placeholder={placeholder}
      withAsterisk={withAsterisk}
      searchable
      clearable={clearable}
      allowDeselect={clearable}
      data={treeOptions(tree, excludedId)}
      value={typeof value === 'number' || typeof value === 'string' ? String(value) : null}
      onChange={(chosen) => field.onChange(chosen === null ? null : Number(chosen))}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      comboboxProps={{ withinPortal: false }}
    />
  );
}
