import { Page } from '../../app/frame';
import { de } from '../../i18n/de';

/** Thread (SPEC §2 'thread-view'); its posts come with a later issue. */
export function ThreadPage() {
  return (
    <Page
      title={de.pages.thread}
      breadcrumbs={[
        { label: de.pages.dashboard, to: '/dashboard' },
        { label: de.pages.forums, to: '/forum' },
        { label: de.pages.thread },
      ]}
    />
  );
}
