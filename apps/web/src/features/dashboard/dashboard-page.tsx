import { Page } from '../../app/frame';
import { de } from '../../i18n/de';

/** Dashboard (SPEC §2 'dashboard'); its content comes with a later issue. */
export function DashboardPage() {
  return <Page title={de.pages.dashboard} breadcrumbs={[{ label: de.pages.dashboard }]} />;
}
