import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { de } from '../../../i18n/de';
import { downloadMyData } from '../api/download-my-data';

const texts = de.notifications;

/** Issue 18: 'Meine Daten', the member's own data as a JSON download, for every role. */
export function MyData() {
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadMyData();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper component="section" withBorder radius="md" p="md" maw={720} aria-labelledby={headingId}>
      <Stack gap="sm" align="flex-start">
        <Title id={headingId} order={2} size="h3">
          {texts.myData}
        </Title>
        <Text size="sm">{texts.myDataText}</Text>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={busy}
          onClick={() => void download()}
          // The label wraps on a phone instead of running out of the card.
          h="auto"
          mih={36}
          maw="100%"
          py={6}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
        >
          {texts.myDataDownload}
        </Button>
      </Stack>
    </Paper>
  );
}
