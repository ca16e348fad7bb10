import { Alert, Skeleton, Stack } from '@mantine/core';
import type { TContentCategory } from '@portal/contract';
import { lazy, Suspense } from 'react';
import { useBottomSheet } from '../../../components/overlay/bottom-sheet';
import { de } from '../../../i18n/de';
import { useCategoryFormData } from '../api/get-category-form-data';
import { useCategoryTree } from '../api/get-category-tree';

/** The form (react-hook-form, selects) loads only when an admin opens it. */
const CategoryForm = lazy(async () => ({ default: (await import('./category-form')).CategoryForm }));

export interface CategoryFormTarget {
  /** The category to edit; without it a new one is created. */
  category?: TContentCategory;
  /** Parent of a new category. */
  parentId?: number | null;
}

/** Opens the category form in the bottom sheet (SPEC §2: only admins create categories). */
export function useCategoryFormSheet(): (target: CategoryFormTarget) => void {
  const sheet = useBottomSheet();
  return (target) =>
    sheet.open({
      title: target.category ? de.categories.edit : de.categories.create,
      content: <CategoryFormSheet {...target} onDone={sheet.close} />,
    });
}

function CategoryFormSheet({ category, parentId, onDone }: CategoryFormTarget & { onDone: () => void }) {
  const formData = useCategoryFormData();
  const tree = useCategoryTree();
  if (formData.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {de.common.formLoadFailed}
      </Alert>
    );
  }
  if (!formData.data || !tree.data) return <FormSkeleton />;
  return (
    <Suspense fallback={<FormSkeleton />}>
      <CategoryForm
        formData={formData.data}
        tree={tree.data}
        category={category}
        parentId={parentId ?? null}
        onDone={onDone}
      />
    </Suspense>
  );
}

function FormSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={de.app.loading}>
      <Skeleton height={36} />
      <Skeleton height={36} />
      <Skeleton height={80} />
    </Stack>
  );
}
