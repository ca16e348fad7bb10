import { Button, Group, Paper, Stack } from '@mantine/core';
import type { TIntroAudience } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { useAlerts } from '../../../components/feedback/alerts';
import { RichTextField } from '../../../components/rich-text-editor/rich-text-field';
import { de } from '../../../i18n/de';
import { useSaveIntro } from '../api/save-intro';

interface IntroEditorProps {
  html: string;
  /** whose text it is: the members' or the partners' (issue 31) */
  audience: TIntroAudience;
  label: string;
  onDone: () => void;
}

/** An intro text in the rich-text editor (loaded on demand), with 'Speichern' and 'Abbrechen'. */
export function IntroEditor({ html, audience, label, onDone }: IntroEditorProps) {
  const [value, setValue] = useState(html);
  const save = useSaveIntro();
  const alerts = useAlerts();

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await save.mutateAsync({ html: value, audience });
    } catch {
      return; // the API client has shown the error
    }
    alerts.success(de.dashboard.introSaved);
    onDone();
  }

  return (
    <Paper component="form" onSubmit={submit} withBorder radius="md" p="md" noValidate>
      <Stack gap="sm">
        <RichTextField label={label} value={value} onChange={setValue} minHeight={120} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {de.common.cancel}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {de.common.save}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
