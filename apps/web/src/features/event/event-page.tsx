import { Page } from '../../app/frame';
import { de } from '../../i18n/de';

/** Events (SPEC §2 'event'); calendar, list and detail come with a later issue. */
export function EventPage() {
  return (
    <Page
      title={de.pages.events}
      breadcrumbs={[{ label: de.pages.dashboard, to: '/dashboard' }, { label: de.pages.events }]}
    />
  );
}
