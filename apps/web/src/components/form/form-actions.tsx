import { Button, Group } from '@mantine/core';
import { de } from '../../i18n/de';

interface FormActionsProps {
  onCancel: () => void;
  submitting: boolean;
  /** 'Speichern' unless given */
  submitLabel?: string;
}

/** The buttons at the foot of every form: cancel, then the submit button that spins while saving. */
export function FormActions({ onCancel, submitting, submitLabel = de.common.save }: FormActionsProps) {
  return (
    <Group justify="flex-end" gap="sm" mt="xs">
      <Button variant="default" onClick={onCancel}>
        {de.common.cancel}
      </Button>
      <Button type="submit" loading={submitting}>
        {submitLabel}
      </Button>
    </Group>
  );
}
