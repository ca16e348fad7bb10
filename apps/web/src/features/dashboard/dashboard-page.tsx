import { Stack } from '@mantine/core';
import { Page } from '../../components/page/page';
import { de } from '../../i18n/de';
import { LatestPosts, ToConfirmPosts } from '../blog';
import { QuickAccess } from '../categories';
import { ForumNews } from '../forums';
import { DashboardIntro } from './components/dashboard-intro';
import { DeniedNotice } from './components/denied-notice';
import { UpcomingEventsSlot } from './components/upcoming-events-slot';

/**
 * Dashboard (SPEC §1/§2): intro text, quick access, the circulars to confirm (issue 34, only when any), the latest 2 posts and the next 3 events; beside the
 * headline, for members, 'Neu im Forum' (issue 17); above them why a deep link led here instead (issue 31).
 */
export function DashboardPage() {
  return (
    <Page title={de.pages.dashboard} breadcrumbs={[{ label: de.pages.dashboard }]} actions={<ForumNews />}>
      <Stack gap="xl">
        <DeniedNotice />
        <DashboardIntro />
        <QuickAccess />
        <ToConfirmPosts />
        <LatestPosts />
        <UpcomingEventsSlot />
      </Stack>
    </Page>
  );
}
