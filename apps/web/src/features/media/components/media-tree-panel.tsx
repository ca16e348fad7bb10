import '@mantine/core/styles/Skeleton.css';
import { Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TMediaCategory } from '@portal/contract';
import { IconFolderPlus } from '@tabler/icons-react';
import { useEffect, useId } from 'react';
import { LoadFailed } from '../../../components/feedback/load-failed';
import { SortableTree } from '../../../components/sortable-tree/sortable-tree';
import { de } from '../../../i18n/de';
import { ancestorIds } from '../../../lib/tree-transforms';
import { useMediaTree } from '../api/get-media-tree';
import { useSaveMediaTree } from '../api/save-media-tree';
import classes from './media.module.css';
import { MediaCategoryActions } from './media-category-actions';
import { MediaCategoryDrawer, useCategoryDrawer } from './media-category-drawer';
import { mediaTreeExpansion } from './media-tree-expansion';
import { MediaTreeLabel } from './media-tree-label';
import { useMediaCategoryDeletion } from './use-media-category-deletion';

const NO_CATEGORIES: readonly TMediaCategory[] = [];

/**
 * SPEC §2 media tree: 'Neue Kategorie' (drawer), drag handles, edit and delete per node, the file count in
 * brackets; a drop saves the whole tree.
 */
export function MediaTreePanel({ currentId }: { currentId: number | null }) {
  const headingId = useId();
  const query = useMediaTree();
  const tree = query.data ?? NO_CATEGORIES;
  const expansion = mediaTreeExpansion.useExpansion(tree);
  const saveTree = useSaveMediaTree();
  const drawer = useCategoryDrawer();
  const remove = useMediaCategoryDeletion(currentId);
  useUnfoldedCurrent(tree, currentId);

  return (
    <section className={classes.panel} aria-labelledby={headingId}>
      <div className={classes.panelHeader}>
        <Title id={headingId} order={2} size="h4">
          {de.media.categories}
        </Title>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconFolderPlus size={16} aria-hidden />}
          onClick={() => drawer.open()}
          aria-label={de.media.createCategoryLabel}
        >
          {de.media.createCategory}
        </Button>
      </div>
      {currentId === null && (
        <Text size="sm" c="dimmed" mb="xs">
          {de.media.chooseCategory}
        </Text>
      )}
      {query.isPending ? (
        <Stack gap={8} aria-busy="true" aria-label={de.app.loading}>
          <Skeleton height={22} />
          <Skeleton height={22} width="80%" />
          <Skeleton height={22} width="60%" />
        </Stack>
      ) : query.isError ? (
        <LoadFailed text={de.media.treeLoadFailed} query={query} />
      ) : tree.length === 0 ? (
        <Text size="sm" c="dimmed">
          {de.media.treeEmpty}
        </Text>
      ) : (
        <SortableTree
          tree={tree}
          expanded={expansion.expanded}
          onToggle={expansion.toggle}
          onExpand={expansion.expand}
          onMove={(next) => saveTree.mutate(next)}
          isActive={(category) => category.id === currentId}
          renderLabel={(category, current) => <MediaTreeLabel category={category} current={current} />}
          renderActions={(category) => (
            <MediaCategoryActions
              category={category}
              onEdit={drawer.open}
              onDelete={(target) => void remove(target)}
            />
          )}
        />
      )}
      <MediaCategoryDrawer drawer={drawer} tree={tree} />
    </section>
  );
}

/** Unfolds the shown category and its ancestors, so that it and its sub-categories are visible. */
function useUnfoldedCurrent(tree: readonly TMediaCategory[], currentId: number | null): void {
  const path = currentId === null ? '' : [...ancestorIds(tree, currentId), currentId].join(',');
  useEffect(() => {
    if (path !== '') mediaTreeExpansion.expand(...path.split(',').map(Number));
  }, [path]);
}
