import { Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { EVENT_IMAGE_ACCEPT } from '@portal/contract';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { de } from '../../../i18n/de';
import type { ImageChoice } from '../lib/event-form-values';

interface EventImageFieldProps {
  /** The event's current picture (signed URL) and its file name */
  current: { url: string; name: string | null } | null;
  choice: ImageChoice;
  onChange: (choice: ImageChoice) => void;
  error: string | null;
}

const texts = de.events.form;

/** The picture, png or jpeg; an existing picture can be removed. */
export function EventImageField({ current, choice, onChange, error }: EventImageFieldProps) {
  return (
    <Stack gap="xs">
      <FileInput
        label={texts.image}
        description={texts.imageHint}
        placeholder={texts.imagePlaceholder}
        accept={EVENT_IMAGE_ACCEPT}
        clearable
        value={choice.file}
        onChange={(file) => onChange({ ...choice, file })}
        error={error}
        leftSection={<IconPhoto size={16} aria-hidden />}
      />
      {current && !choice.file && (
        <Group gap="sm">
          {choice.remove ? (
            <>
              <Text size="sm" c="dimmed">
                {texts.imageRemoved}
              </Text>
              <Button variant="subtle" size="xs" onClick={() => onChange({ ...choice, remove: false })}>
                {texts.keepImage}
              </Button>
            </>
          ) : (
            <>
              <img src={current.url} alt={texts.currentImage} style={{ width: 120, borderRadius: 4 }} />
              <Text size="sm" c="dimmed">
                {`${texts.currentImage}${current.name ? `: ${current.name}` : ''}`}
              </Text>
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={14} aria-hidden />}
                onClick={() => onChange({ ...choice, remove: true })}
              >
                {texts.removeImage}
              </Button>
            </>
          )}
        </Group>
      )}
    </Stack>
  );
}
