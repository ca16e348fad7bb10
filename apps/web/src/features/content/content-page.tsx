import { APP_PATHS } from '@portal/contract';
import '@mantine/core/styles/Skeleton.css';
import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useParams, useSearchParams } from 'react-router';
import { LoadFailed } from '../../components/feedback/load-failed';
import { useBottomSheet } from '../../components/overlay/bottom-sheet';
import type { Crumb } from '../../components/page/breadcrumb-trail';
import { Page } from '../../components/page/page';
import { RichText } from '../../components/rich-text';
import { usePreloadEditor } from '../../components/rich-text-editor/preload-editor';
import { de } from '../../i18n/de';
import { useIsAdmin } from '../../lib/use-session';
import { useCategory } from '../categories';
import { useContentItems } from './api/get-content-items';
import { contentFormSheet } from './components/content-item-form';
import { ContentItemList } from './components/content-item-list';
import { readLinkedItem } from './lib/linked-item';

/** SPEC §2 'content': the items of a category; breadcrumbs Dashboard > parent categories > name. */
export function ContentPage() {
  const { id } = useParams();
  const categoryId = Number(id);
  const valid = Number.isInteger(categoryId) && categoryId > 0;
  return valid ? <CategoryContent key={categoryId} categoryId={categoryId} /> : <MissingPage />;
}

function CategoryContent({ categoryId }: { categoryId: number }) {
  const category = useCategory(categoryId);
  const items = useContentItems(categoryId);
  const isAdmin = useIsAdmin();
  const sheet = useBottomSheet();
  const [params] = useSearchParams();
  const linked = readLinkedItem(params);
  // Admins write content items here: the form's editor is ready before they open it (issue 14).
  usePreloadEditor(isAdmin);
  if (category.isError) return <MissingPage />;

  const title = category.data?.name ?? de.pages.content;
  const breadcrumbs: Crumb[] = [
    { label: de.pages.dashboard, to: APP_PATHS.dashboard },
    ...(category.data?.parentNames ?? []).map((parent) => ({
      label: parent.name,
      to: APP_PATHS.content(parent.id),
    })),
    { label: title },
  ];
  const actions = isAdmin && (
    <Button
      leftSection={<IconPlus size={16} aria-hidden />}
      onClick={() => sheet.open(contentFormSheet(categoryId, undefined, sheet.close))}
    >
      {de.content.create}
    </Button>
  );

  return (
    <Page title={title} breadcrumbs={breadcrumbs} actions={actions}>
      {category.data?.description && <RichText html={category.data.description} />}
      {items.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label={de.app.loading}>
          <Skeleton height={48} radius="md" />
          <Skeleton height={48} radius="md" />
        </Stack>
      ) : items.isError ? (
        <LoadFailed text={de.content.loadFailed} query={items} />
      ) : (
        <ContentItemList
          // Another search hit on the same page opens its item afresh.
          key={`${linked?.itemId}|${linked?.q}`}
          categoryId={categoryId}
          items={items.data}
          isAdmin={isAdmin}
          linked={linked}
        />
      )}
    </Page>
  );
}

function MissingPage() {
  return (
    <Page
      title={de.pages.content}
      breadcrumbs={[{ label: de.pages.dashboard, to: APP_PATHS.dashboard }, { label: de.pages.content }]}
    >
      <Alert color="gray" variant="light">
        {de.content.notFound}
      </Alert>
    </Page>
  );
}
