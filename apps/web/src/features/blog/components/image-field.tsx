import { Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { BLOG_IMAGE_ACCEPT } from '@portal/contract';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { de } from '../../../i18n/de';
import { type ImageChoice, isAllowedImage } from '../lib/post-form-values';
import classes from './blog.module.css';

interface ImageFieldProps {
  /** The post's current picture (signed URL) and its file name */
  current: { url: string; name: string | null } | null;
  choice: ImageChoice;
  onChange: (choice: ImageChoice) => void;
  error: string | null;
}

/** SPEC §5: the picture, png or jpeg, with a preview; an existing picture can be removed. */
export function ImageField({ current, choice, onChange, error }: ImageFieldProps) {
  const preview = usePreview(choice.file && isAllowedImage(choice.file) ? choice.file : null);
  return (
    <Stack gap="xs">
      <FileInput
        label={de.blog.form.image}
        description={de.blog.form.imageHint}
        placeholder={de.blog.form.imagePlaceholder}
        accept={BLOG_IMAGE_ACCEPT}
        clearable
        value={choice.file}
        onChange={(file) => onChange({ ...choice, file })}
        error={error}
        leftSection={<IconPhoto size={16} aria-hidden />}
      />
      {preview ? (
        <Picture src={preview} caption={de.blog.form.chosenImage} />
      ) : current && !choice.remove ? (
        <Group align="flex-end" gap="sm">
          <Picture
            src={current.url}
            caption={`${de.blog.form.currentImage}${current.name ? `: ${current.name}` : ''}`}
          />
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => onChange({ ...choice, remove: true })}
          >
            {de.blog.form.removeImage}
          </Button>
        </Group>
      ) : current && choice.remove ? (
        <Group gap="sm">
          <Text size="sm" c="dimmed">
            {de.blog.form.imageRemoved}
          </Text>
          <Button variant="subtle" size="xs" onClick={() => onChange({ ...choice, remove: false })}>
            {de.blog.form.keepImage}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function Picture({ src, caption }: { src: string; caption: string }) {
  return (
    <figure style={{ margin: 0 }}>
      <img src={src} alt={caption} className={classes.thumb} style={{ width: 180 }} />
      <Text component="figcaption" size="xs" c="dimmed" mt={4}>
        {caption}
      </Text>
    </figure>
  );
}

/** An object URL of the chosen file, revoked when it changes or the form closes. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}
