import { Page } from '../../app/frame';
import { de } from '../../i18n/de';
import { QuickAccess } from '../categories';

/** Dashboard (SPEC §2 'dashboard'): quick access; intro, latest posts and next events come with later issues. */
export function DashboardPage() {
  return (
    <Page title={de.pages.dashboard} breadcrumbs={[{ label: de.pages.dashboard }]}>
      <QuickAccess />
    </Page>
  );
}
