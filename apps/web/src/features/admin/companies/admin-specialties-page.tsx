import '@mantine/core/styles/Skeleton.css';
import { Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { TSpecialty } from '@portal/contract';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { LoadFailed } from '../../../components/feedback/load-failed';
import { useConfirmedDeletion } from '../../../components/feedback/use-confirmed-deletion';
import { useBottomSheet } from '../../../components/overlay/bottom-sheet';
import { Page } from '../../../components/page/page';
import { de } from '../../../i18n/de';
import { useDeleteSpecialty, useSpecialties } from './api/specialties';
import { CompanySections, companyCrumbs } from './components/company-sections';
import { SpecialtyAddForm, specialtyRenameSheet } from './components/specialty-forms';

const texts = de.adminCompanies.specialtiesPage;
const TITLE = de.adminCompanies.specialties;

/** Issue 36, /admin/companies/specialties (ROLE_ADMIN): the list companies choose their specialties from. */
export function AdminSpecialtiesPage() {
  const specialties = useSpecialties();
  const sheet = useBottomSheet();
  const deletion = useDeleteSpecialty();
  const confirmedDeletion = useConfirmedDeletion();
  const remove = (specialty: TSpecialty) =>
    void confirmedDeletion(
      texts.deleteQuestion(specialty.name),
      () => deletion.mutateAsync(specialty.id),
      texts.deleted,
    );

  return (
    <Page title={TITLE} breadcrumbs={companyCrumbs(TITLE)}>
      <CompanySections />
      <Text>{texts.intro}</Text>
      <SpecialtyAddForm />
      {specialties.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={de.app.loading}>
          <Skeleton height={48} radius="md" />
          <Skeleton height={48} radius="md" />
        </Stack>
      ) : specialties.isError ? (
        <LoadFailed text={texts.loadFailed} query={specialties} />
      ) : specialties.data.length === 0 ? (
        <Text c="dimmed">{texts.empty}</Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} aria-label={texts.list} style={{ listStyle: 'none' }}>
          {specialties.data.map((specialty) => (
            <Paper
              key={specialty.id}
              component="li"
              withBorder
              radius="md"
              p="sm"
              aria-label={specialty.name}
            >
              <Group justify="space-between" gap="sm">
                <Text fw={600} style={{ overflowWrap: 'anywhere', flex: '1 1 10rem' }}>
                  {specialty.name}
                </Text>
                <Group gap={4} wrap="nowrap">
                  <Button
                    variant="subtle"
                    size="xs"
                    leftSection={<IconPencil size={14} aria-hidden />}
                    aria-label={texts.renameLabel(specialty.name)}
                    onClick={() => sheet.open(specialtyRenameSheet(specialty, sheet.close))}
                  >
                    {texts.rename}
                  </Button>
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    leftSection={<IconTrash size={14} aria-hidden />}
                    aria-label={texts.deleteLabel(specialty.name)}
                    onClick={() => remove(specialty)}
                  >
                    {de.common.delete}
                  </Button>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Page>
  );
}
