import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { de } from '../../../i18n/de';

const texts = de.directory;

/** The 409 of a concurrent change, told in the form: nothing was saved; start again from what is saved now. */
export function StaleNotice({ onReload }: { onReload: () => void }) {
  return (
    <Alert color="orange" variant="light" title={texts.staleTitle} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{texts.staleText}</Text>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={onReload}
        >
          {texts.reloadCompany}
        </Button>
      </Stack>
    </Alert>
  );
}
