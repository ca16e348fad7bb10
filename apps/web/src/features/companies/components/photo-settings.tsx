import { Anchor, Button, FileInput, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { APP_PATHS, acceptAttribute, hasRole, PICTURE_TYPES } from '@portal/contract';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { useAlerts } from '../../../components/feedback/alerts';
import { LoadFailed } from '../../../components/feedback/load-failed';
import { uploadLimitMb } from '../../../components/form/file-checks';
import { FileDrop } from '../../../components/form/file-drop';
import { FormSkeleton } from '../../../components/form/form-skeleton';
import { imageChoiceError } from '../../../components/form/image-choice';
import { de } from '../../../i18n/de';
import { ROUTES } from '../../../lib/routing/route-table';
import { useObjectUrl } from '../../../lib/use-object-url';
import { useSession } from '../../../lib/use-session';
import { usePerson } from '../api/get-person';
import { useRemovePhoto, useSetPhoto } from '../api/my-photo';
import { photoErrorOf } from '../lib/photo-error';
import { PersonAvatar } from './person-avatar';

const texts = de.people;
const ACCEPT = acceptAttribute(PICTURE_TYPES);

/**
 * Issue 36 point 6: in the member's settings, their photo: a PNG or JPEG chosen (or dropped) with a preview,
 * saved with 'Foto hochladen'; 'Foto entfernen' removes it at once. Only for members who have a person page.
 */
export function PhotoSettings() {
  const { user } = useSession();
  if (!user || !hasRole(user.roles, ROUTES.person.role)) return null;
  return <PhotoSection userId={user.id} />;
}

function PhotoSection({ userId }: { userId: number }) {
  const headingId = useId();
  const me = usePerson(userId);
  const save = useSetPhoto(userId);
  const remove = useRemovePhoto(userId);
  const alerts = useAlerts();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = useObjectUrl(file && !error ? file : null);
  const busy = save.isPending || remove.isPending;

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setError(chosen ? imageChoiceError(chosen, texts.photoType) : null);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setError(texts.photoRequired);
    const problem = imageChoiceError(file, texts.photoType);
    if (problem) return setError(problem);
    try {
      await save.mutateAsync(file);
      setFile(null);
      alerts.success(texts.photoSaved);
    } catch (failure) {
      setError(photoErrorOf(failure, texts.photoFailed));
    }
  };
  const removePhoto = async () => {
    try {
      await remove.mutateAsync();
      alerts.success(texts.photoRemoved);
    } catch {
      // The API client has shown the error; the photo stays as it was.
    }
  };
  const current = me.data?.photo ?? null;

  return (
    <Paper component="section" withBorder radius="md" p="md" maw={720} aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title id={headingId} order={2} size="h3">
          {texts.photoTitle}
        </Title>
        <Text size="sm">{texts.photoIntro}</Text>
        {me.isPending ? (
          <FormSkeleton heights={[80, 56]} />
        ) : me.isError ? (
          <LoadFailed text={texts.loadFailed} query={me} />
        ) : (
          <form onSubmit={(event) => void submit(event)} noValidate>
            <Stack gap="sm">
              <Group gap="md" align="center">
                {preview ? (
                  <Figure src={preview} caption={texts.chosenPhoto} />
                ) : current ? (
                  <Figure src={current} caption={texts.currentPhoto} />
                ) : (
                  <Group gap="sm" wrap="nowrap">
                    <PersonAvatar name={me.data.name} photo={null} size={72} />
                    <Text size="sm" c="dimmed">
                      {texts.noPhoto}
                    </Text>
                  </Group>
                )}
              </Group>
              <FileDrop onFiles={([dropped]) => choose(dropped ?? null)} disabled={busy}>
                <FileInput
                  label={texts.photo}
                  description={texts.photoHint(uploadLimitMb())}
                  placeholder={texts.photoPlaceholder}
                  accept={ACCEPT}
                  clearable
                  value={file}
                  onChange={choose}
                  error={error}
                  disabled={busy}
                  leftSection={<IconPhoto size={16} aria-hidden />}
                />
              </FileDrop>
              <Group gap="sm">
                <Button
                  type="submit"
                  loading={save.isPending}
                  disabled={remove.isPending}
                  leftSection={<IconUpload size={16} aria-hidden />}
                >
                  {texts.savePhoto}
                </Button>
                {current && (
                  <Button
                    variant="subtle"
                    color="red"
                    loading={remove.isPending}
                    disabled={save.isPending}
                    leftSection={<IconTrash size={16} aria-hidden />}
                    onClick={() => void removePhoto()}
                  >
                    {texts.removePhoto}
                  </Button>
                )}
              </Group>
              <Anchor component={Link} to={APP_PATHS.person(userId)} size="sm">
                {texts.openOwnPage}
              </Anchor>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}

function Figure({ src, caption }: { src: string; caption: string }) {
  return (
    <figure style={{ margin: 0 }}>
      <img
        src={src}
        alt={caption}
        width={96}
        height={96}
        style={{ borderRadius: '50%', objectFit: 'cover', display: 'block' }}
      />
      <Text component="figcaption" size="xs" c="dimmed" mt={4}>
        {caption}
      </Text>
    </figure>
  );
}
