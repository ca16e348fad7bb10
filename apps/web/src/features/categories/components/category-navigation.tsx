import '@mantine/core/styles/Skeleton.css';
import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { TContentCategory } from '@portal/contract';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useId } from 'react';
import { LazyLoadFailed } from '../../../components/feedback/lazy-load-failed';
import { de } from '../../../i18n/de';
import { useIsAdmin } from '../../../lib/use-session';
import { useCategoryTree } from '../api/get-category-tree';
import { useCategoryFormSheet } from './category-form-sheet';
import { CategoryTree, type CategoryTreeProps } from './category-tree';
import { useTreeExpansion } from './use-tree-expansion';

/** Drag and drop is for admins only, so members never load dnd-kit. */
const SortableCategoryTree = lazy(async () => ({
  default: (await import('./sortable-category-tree')).SortableCategoryTree,
}));

const NO_CATEGORIES: readonly TContentCategory[] = [];

/** The category tree in the drawer (SPEC §2 "Category tree"), below the main sections. */
export function CategoryNavigation() {
  const headingId = useId();
  const isAdmin = useIsAdmin();
  const query = useCategoryTree();
  const { data, isPending, isError } = query;
  const tree = data ?? NO_CATEGORIES;
  const expansion = useTreeExpansion(tree);
  const openForm = useCategoryFormSheet();
  const treeProps: CategoryTreeProps = {
    tree,
    expanded: expansion.expanded,
    onToggle: expansion.toggle,
    onExpand: expansion.expand,
  };

  return (
    <Stack component="section" gap={6} aria-labelledby={headingId}>
      <Text id={headingId} component="h2" size="xs" fw={700} tt="uppercase" c="dimmed" px={6} m={0}>
        {de.categories.heading}
      </Text>
      <Group gap={2} wrap="nowrap">
        <Button size="compact-xs" variant="subtle" fw={500} px={6} onClick={expansion.expandAll}>
          {de.categories.expandAll}
        </Button>
        <Button size="compact-xs" variant="subtle" fw={500} px={6} onClick={expansion.collapseAll}>
          {de.categories.collapseAll}
        </Button>
      </Group>
      {isPending ? (
        <Stack gap={6} px={6} aria-busy="true" aria-label={de.app.loading}>
          <Skeleton height={18} />
          <Skeleton height={18} width="80%" />
          <Skeleton height={18} width="60%" />
        </Stack>
      ) : isError ? (
        <LazyLoadFailed text={de.categories.loadFailed} query={query} />
      ) : tree.length === 0 ? (
        <Text size="sm" c="dimmed" px={6}>
          {de.categories.empty}
        </Text>
      ) : isAdmin ? (
        // Busy until the sortable tree replaces it: its drag handles move the rows and the button below, so
        // a click in between could land elsewhere (and the e2e tests wait for screens that are not busy).
        <Suspense
          fallback={
            <div aria-busy="true">
              <CategoryTree {...treeProps} />
            </div>
          }
        >
          <SortableCategoryTree {...treeProps} />
        </Suspense>
      ) : (
        <CategoryTree {...treeProps} />
      )}
      {isAdmin && (
        <Button
          variant="light"
          size="xs"
          mt={4}
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => openForm({})}
          aria-label={de.categories.createLabel}
        >
          {de.categories.create}
        </Button>
      )}
    </Stack>
  );
}
