import { APP_PATHS, type TSearchSynonym } from '@portal/contract';
import '@mantine/core/styles/Skeleton.css';
import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useRef } from 'react';
import { LoadFailed } from '../../../components/feedback/load-failed';
import { useConfirmedDeletion } from '../../../components/feedback/use-confirmed-deletion';
import { useBottomSheet } from '../../../components/overlay/bottom-sheet';
import { Page } from '../../../components/page/page';
import { de } from '../../../i18n/de';
import { useDeleteSynonyms } from './api/delete-synonyms';
import { useSearchSynonyms } from './api/get-synonyms';
import { SynonymCard } from './components/synonym-card';
import { synonymFormSheet } from './components/synonym-form';
import { termsLine } from './lib/synonym-form';

const texts = de.adminSynonyms;
const BREADCRUMBS = [{ label: de.pages.dashboard, to: APP_PATHS.dashboard }, { label: de.nav.adminSynonyms }];

/** Issue 33, /admin/synonyms (ROLE_ADMIN): the search's groups of synonyms; add, edit and delete. */
export function SearchSynonymsPage() {
  const synonyms = useSearchSynonyms();
  const sheet = useBottomSheet();
  const deletion = useDeleteSynonyms();
  const confirmedDeletion = useConfirmedDeletion();
  const createButton = useRef<HTMLButtonElement>(null);
  // The deleted group's card took the focused button with it: the keyboard goes on from 'Gruppe anlegen'.
  const remove = (group: TSearchSynonym) =>
    void confirmedDeletion(
      texts.deleteQuestion(termsLine(group.terms)),
      () => deletion.mutateAsync(group.id),
      texts.deleted,
    ).then((deleted) => {
      if (deleted) createButton.current?.focus();
    });

  const actions = (
    <Button
      ref={createButton}
      leftSection={<IconPlus size={16} aria-hidden />}
      onClick={() => sheet.open(synonymFormSheet(undefined, sheet.close))}
    >
      {texts.create}
    </Button>
  );

  return (
    <Page title={de.nav.adminSynonyms} breadcrumbs={BREADCRUMBS} actions={actions}>
      <Text>{texts.intro}</Text>
      {synonyms.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label={de.app.loading}>
          <Skeleton height={60} radius="md" />
          <Skeleton height={60} radius="md" />
          <Skeleton height={60} radius="md" />
        </Stack>
      ) : synonyms.isError ? (
        <LoadFailed text={texts.loadFailed} query={synonyms} />
      ) : synonyms.data.length === 0 ? (
        <Text c="dimmed">{texts.empty}</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} aria-label={texts.list} style={{ listStyle: 'none' }}>
          {synonyms.data.map((group) => (
            <SynonymCard
              key={group.id}
              group={group}
              onEdit={(target) => sheet.open(synonymFormSheet(target, sheet.close))}
              onDelete={remove}
            />
          ))}
        </Stack>
      )}
    </Page>
  );
}
