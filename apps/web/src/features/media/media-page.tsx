import { Alert } from '@mantine/core';
import { APP_PATHS } from '@portal/contract';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import type { Crumb } from '../../components/page/breadcrumb-trail';
import { Page } from '../../components/page/page';
import { de } from '../../i18n/de';
import { findNode } from '../../lib/tree-transforms';
import { useMediaCategory } from './api/get-media-category';
import { useMediaTree } from './api/get-media-tree';
import classes from './components/media.module.css';
import { MediaFilesPanel } from './components/media-files-panel';
import { MediaTreePanel } from './components/media-tree-panel';
import { categoryIdOf } from './lib/media-tree';

const LIBRARY_CRUMBS: Crumb[] = [
  { label: de.pages.dashboard, to: APP_PATHS.dashboard },
  { label: de.pages.media, to: APP_PATHS.media },
];

/**
 * Media library (SPEC §2 'media-overview' and 'media', ROLE_ADMIN): headline 'Mediathek', the category tree
 * on the left and, on `/media/{id}`, that category's files on the right.
 */
export function MediaPage() {
  const categoryId = categoryIdOf(useParams().id);
  if (categoryId === null) {
    return <MediaScreen breadcrumbs={[{ label: de.pages.media }]} currentId={null} />;
  }
  if (categoryId === 'invalid') {
    return (
      <MediaScreen breadcrumbs={LIBRARY_CRUMBS} currentId={null}>
        <Alert color="gray" variant="light">
          {de.media.categoryNotFound}
        </Alert>
      </MediaScreen>
    );
  }
  return <MediaCategoryPage categoryId={categoryId} />;
}

/** `/media/{id}`: breadcrumbs Dashboard > Mediathek > category name (SPEC §2). */
function MediaCategoryPage({ categoryId }: { categoryId: number }) {
  const name = useCategoryName(categoryId);
  const tree = useMediaTree();
  const total = tree.data ? findNode(tree.data, categoryId)?.mediaCount : undefined;
  return (
    <MediaScreen
      breadcrumbs={name === undefined ? LIBRARY_CRUMBS : [...LIBRARY_CRUMBS, { label: name }]}
      tabTitle={name === undefined ? undefined : `${name} – ${de.pages.media}`}
      currentId={categoryId}
    >
      <MediaFilesPanel categoryId={categoryId} name={name} total={total} />
    </MediaScreen>
  );
}

interface MediaScreenProps {
  breadcrumbs: readonly Crumb[];
  currentId: number | null;
  /** The browser tab's title on a category's page: its name and the library's. */
  tabTitle?: string;
  /** The right column; without it (`/media`) only the headline and the tree show. */
  children?: ReactNode;
}

function MediaScreen({ breadcrumbs, currentId, tabTitle, children }: MediaScreenProps) {
  return (
    <Page title={de.pages.media} tabTitle={tabTitle} breadcrumbs={breadcrumbs}>
      <div className={classes.layout} data-overview={children ? undefined : true}>
        <MediaTreePanel currentId={currentId} />
        {children}
      </div>
    </Page>
  );
}

/** The tree has the name at once (a renamed one too); `GET /api/mediaCategory/{id}` as SPEC §4 asks. */
function useCategoryName(categoryId: number): string | undefined {
  const tree = useMediaTree();
  const category = useMediaCategory(categoryId);
  return (tree.data && findNode(tree.data, categoryId)?.name) ?? category.data?.name;
}
