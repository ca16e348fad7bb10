import { Button, Group, Stack } from '@mantine/core';
import { de } from '../../i18n/de';
import type { UploadProgress } from '../../lib/upload-request';
import { useGuardedClose } from './dirty-guard';
import { UploadStatus } from './upload-progress';

interface FormActionsProps {
  onCancel: () => void;
  submitting: boolean;
  /** 'Speichern' unless given */
  submitLabel?: string;
  /** The running upload of a form with files, shown above the buttons. */
  progress?: UploadProgress | null;
}

/**
 * The buttons at the foot of every form: cancel, then the submit button that spins while saving. In a
 * sheet or drawer, cancel asks 'Änderungen verwerfen?' first when the form holds changes.
 */
export function FormActions({
  onCancel,
  submitting,
  submitLabel = de.common.save,
  progress = null,
}: FormActionsProps) {
  const cancel = useGuardedClose(onCancel);
  const buttons = (
    <Group justify="flex-end" gap="sm" mt="xs">
      <Button variant="default" onClick={cancel}>
        {de.common.cancel}
      </Button>
      <Button type="submit" loading={submitting}>
        {submitLabel}
      </Button>
    </Group>
  );
  if (!progress) return buttons;
  return (
    <Stack gap="xs" mt="xs">
      <UploadStatus progress={progress} />
      {buttons}
    </Stack>
  );
}
