import { Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { acceptAttribute, PICTURE_TYPES } from '@portal/contract';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { de } from '../../i18n/de';
import { useObjectUrl } from '../../lib/use-object-url';
import { uploadLimitMb } from './file-checks';
import { FileDrop } from './file-drop';
import { type ImageChoice, isAllowedImage } from './image-choice';
import classes from './image-field.module.css';

interface ImageFieldProps {
  /** The record's current picture (signed URL) and its file name */
  current: { url: string; name: string | null } | null;
  choice: ImageChoice;
  onChange: (choice: ImageChoice) => void;
  error: string | null;
  /** The field's words when it holds something else than a post's picture (a company's logo). */
  labels?: ImageFieldLabels;
}

type ImageFieldLabels = {
  [K in keyof typeof de.imageField]: (typeof de.imageField)[K] extends string
    ? string
    : (megabytes: number) => string;
};

const ACCEPT = acceptAttribute(PICTURE_TYPES);

/** A picture, PNG or JPEG, with a preview of the chosen file; an existing picture can be removed. */
export function ImageField({ current, choice, onChange, error, labels = de.imageField }: ImageFieldProps) {
  const texts = labels;
  const preview = useObjectUrl(choice.file && isAllowedImage(choice.file) ? choice.file : null);
  return (
    <Stack gap="xs">
      <FileDrop onFiles={([file]) => onChange({ ...choice, file: file ?? null })}>
        <FileInput
          label={texts.image}
          description={texts.imageHint(uploadLimitMb())}
          placeholder={texts.imagePlaceholder}
          accept={ACCEPT}
          clearable
          value={choice.file}
          onChange={(file) => onChange({ ...choice, file })}
          error={error}
          leftSection={<IconPhoto size={16} aria-hidden />}
        />
      </FileDrop>
      {preview ? (
        <Picture src={preview} caption={texts.chosenImage} />
      ) : current && !choice.remove ? (
        <Group align="flex-end" gap="sm">
          <Picture
            src={current.url}
            caption={`${texts.currentImage}${current.name ? `: ${current.name}` : ''}`}
          />
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => onChange({ ...choice, remove: true })}
          >
            {texts.removeImage}
          </Button>
        </Group>
      ) : current && choice.remove ? (
        <Group gap="sm">
          <Text size="sm" c="dimmed">
            {texts.imageRemoved}
          </Text>
          <Button variant="subtle" size="xs" onClick={() => onChange({ ...choice, remove: false })}>
            {texts.keepImage}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function Picture({ src, caption }: { src: string; caption: string }) {
  return (
    <figure className={classes.picture}>
      <img src={src} alt={caption} className={classes.thumb} />
      <Text component="figcaption" size="xs" c="dimmed" mt={4}>
        {caption}
      </Text>
    </figure>
  );
}
