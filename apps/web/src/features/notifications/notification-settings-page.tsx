import { Paper, Text } from '@mantine/core';
import { APP_PATHS } from '@portal/contract';
import { LoadFailed } from '../../components/feedback/load-failed';
import { PageDirtyGuard } from '../../components/form/dirty-guard';
import { FormSkeleton } from '../../components/form/form-skeleton';
import { Page } from '../../components/page/page';
import { de } from '../../i18n/de';
import { useSession } from '../../lib/use-session';
import { DirectorySettings, PhotoSettings } from '../companies';
import { useNotificationSettings } from './api/get-notification-settings';
import { MyData } from './components/my-data';
import { NotificationSettingsForm } from './components/notification-settings-form';
import { offersForumReplies } from './lib/settings-form';

const BREADCRUMBS = [
  { label: de.pages.dashboard, to: APP_PATHS.dashboard },
  { label: de.pages.notifications },
];

/**
 * Issue 17, 'notification-settings' (/benachrichtigungen): which mails the member gets, for every role; and
 * (issue 18) the download of the member's own data; (issue 36) their consent 'In Verzeichnis anzeigen' and their photo.
 */
export function NotificationSettingsPage() {
  const settings = useNotificationSettings();
  const { user } = useSession();
  return (
    <Page title={de.pages.notifications} breadcrumbs={BREADCRUMBS}>
      <Text>{de.notifications.intro}</Text>
      <Paper withBorder radius="md" p="md" maw={720}>
        {settings.isPending ? (
          <FormSkeleton heights={[56, 160, 72]} />
        ) : settings.isError ? (
          <LoadFailed text={de.notifications.loadFailed} query={settings} />
        ) : (
          <PageDirtyGuard>
            <NotificationSettingsForm
              settings={settings.data}
              withForumReplies={offersForumReplies(user?.roles ?? [])}
            />
          </PageDirtyGuard>
        )}
      </Paper>
      <PhotoSettings />
      <DirectorySettings />
      <MyData />
    </Page>
  );
}
