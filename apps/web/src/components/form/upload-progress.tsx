import '@mantine/core/styles/Progress.css';
import { Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { de } from '../../i18n/de';
import { type ProgressListener, percentOf, type UploadProgress } from '../../lib/upload-request';

/**
 * The progress of a form's upload (issue 14): `track` runs the save with a listener for the API client
 * and clears the progress when the save ends, saved or refused.
 */
export function useUploadProgress() {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const track = useCallback(async <T,>(run: (onProgress: ProgressListener) => Promise<T>): Promise<T> => {
    setProgress(null);
    try {
      return await run(setProgress);
    } finally {
      setProgress(null);
    }
  }, []);
  return { progress, track };
}

/** The share of bytes sent as a bar, then 'Wird verarbeitet …' while the server checks and imports. */
export function UploadStatus({ progress }: { progress: UploadProgress | null }) {
  if (!progress) return null;
  if (progress.phase === 'processing') {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" aria-hidden />
        <Text size="sm">{de.upload.processing}</Text>
      </Group>
    );
  }
  const percent = percentOf(progress.loaded, progress.total);
  return (
    <Stack gap={4}>
      <Progress value={percent} size="lg" aria-label={de.upload.progress} transitionDuration={150} />
      <Text size="xs" c="dimmed" aria-hidden>
        {de.upload.percent(percent)}
      </Text>
    </Stack>
  );
}
