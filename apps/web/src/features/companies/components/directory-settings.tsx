import '@mantine/core/styles/Switch.css';
import { Anchor, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { COMPANY_APP_PATHS } from '@portal/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { useAlerts } from '../../../components/feedback/alerts';
import { LoadFailed } from '../../../components/feedback/load-failed';
import { FormSkeleton } from '../../../components/form/form-skeleton';
import { de } from '../../../i18n/de';
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
                save.isPending ? (save.variables?.showInDirectory ?? false) : (data?.showInDirectory ?? false)
              }
              onChange={(event) => void toggle(event.currentTarget.checked)}
              disabled={save.isPending}
              label={texts.showInDirectory}
              description={texts.showInDirectoryHint}
              size="md"
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
