import '@mantine/core/styles/Switch.css';
import { Anchor, Button, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { COMPANY_APP_PATHS, type TMyCompany } from '@portal/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useAlerts } from '../../../components/feedback/alerts';
import { LoadFailed } from '../../../components/feedback/load-failed';
import { FormSkeleton } from '../../../components/form/form-skeleton';
import { de } from '../../../i18n/de';
import { ApiError } from '../../../lib/api-error';
import { useMyCompany, useSaveMyCompany } from '../api/my-company';

const texts = de.directory;

/**
 * Issue 36: in the member's settings, their company and 'In Verzeichnis anzeigen' (off until they agree),
 * saved at once: their e-mail and phone then appear on their company's page and as a vCard.
 */
export function DirectorySettings() {
  const headingId = useId();
  const mine = useMyCompany();
  const save = useSaveMyCompany();
  const alerts = useAlerts();
  const data = mine.data;
  const toggle = async (show: boolean) => {
    try {
      await save.mutateAsync({ showInDirectory: show });
      alerts.success(texts.consentSaved);
    } catch {
      // The API client has shown the error; the switch shows the saved state again.
    }
  };
  return (
    <Paper component="section" withBorder radius="md" p="md" maw={720} aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title id={headingId} order={2} size="h3">
          {texts.settingsTitle}
        </Title>
        {mine.isPending ? (
          <FormSkeleton heights={[24, 56]} />
        ) : mine.isError ? (
          <LoadFailed text={texts.settingsLoadFailed} query={mine} />
        ) : (
          <>
            {data?.company ? (
              <Stack gap={2}>
                <Text size="sm">{texts.yourCompany(data.company.name)}</Text>
                {data.function && <Text size="sm">{texts.yourFunction(data.function)}</Text>}
                {data.mainContact && <Text size="sm">{texts.youAreMainContact}</Text>}
                <Anchor component={Link} to={COMPANY_APP_PATHS.company(data.company.id)} size="sm">
                  {texts.openCompany}
                </Anchor>
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                {texts.noCompany}
              </Text>
            )}
            <Switch
              checked={
                (save.isPending ? save.variables?.showInDirectory : undefined) ??
                data?.showInDirectory ??
                false
              }
              onChange={(event) => void toggle(event.currentTarget.checked)}
              disabled={save.isPending}
              label={texts.showInDirectory}
              description={texts.showInDirectoryHint}
              size="md"
            />
            {data?.company && <OwnPhone key={data.phone ?? ''} mine={data} />}
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** The member's own phone for the directory (issue 36 point 2), shown to others only with their consent. */
function OwnPhone({ mine }: { mine: TMyCompany }) {
  const [phone, setPhone] = useState(mine.phone ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveMyCompany();
  const alerts = useAlerts();
  const submit = async () => {
    setError(null);
    try {
      await save.mutateAsync({ phone: phone.trim() === '' ? null : phone.trim() });
      alerts.success(texts.ownPhoneSaved);
    } catch (failure) {
      // a refused number is shown at the field; other errors the API client has shown
      setError(failure instanceof ApiError && failure.status === 400 ? failure.message : null);
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={texts.ownPhone}
          description={texts.ownPhoneHint}
          value={phone}
          onChange={(event) => setPhone(event.currentTarget.value)}
          error={error}
          type="tel"
          autoComplete="tel"
          maw={360}
          w="100%"
        />
        <Button type="submit" variant="light" loading={save.isPending}>
          {texts.saveOwnPhone}
        </Button>
      </Group>
    </form>
  );
}
