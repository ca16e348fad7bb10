import type { TMediaCategory } from '@portal/contract';
import { lazy, Suspense, useState } from 'react';
import { FormSkeleton } from '../../../components/form/form-skeleton';
import { SideDrawer } from '../../../components/overlay/side-drawer';
import { de } from '../../../i18n/de';

/** The form (react-hook-form, select) loads when the drawer first opens. */
const MediaCategoryForm = lazy(async () => ({
  default: (await import('./media-category-form')).MediaCategoryForm,
}));

interface DrawerState {
  opened: boolean;
  /** Each opening gets a fresh form. */
  key: number;
  category?: TMediaCategory;
}

export interface CategoryDrawer {
  state: DrawerState;
  open: (category?: TMediaCategory) => void;
  close: () => void;
}

/** Open and close of the category drawer; the content stays while it slides out. */
export function useCategoryDrawer(): CategoryDrawer {
  const [state, setState] = useState<DrawerState>({ opened: false, key: 0 });
  return {
    state,
    open: (category) => setState((current) => ({ opened: true, key: current.key + 1, category })),
    close: () => setState((current) => (current.opened ? { ...current, opened: false } : current)),
  };
}

/** SPEC §2: 'Neue Kategorie' and edit open the category form in a drawer from the right. */
export function MediaCategoryDrawer({
  drawer,
  tree,
}: {
  drawer: CategoryDrawer;
  tree: readonly TMediaCategory[];
}) {
  const { state, close } = drawer;
  return (
    <SideDrawer
      opened={state.opened}
      onClose={close}
      title={state.category ? de.media.editCategory : de.media.createCategory}
    >
      <Suspense fallback={<FormSkeleton />}>
        <MediaCategoryForm key={state.key} tree={tree} category={state.category} onDone={close} />
      </Suspense>
    </SideDrawer>
  );
}
