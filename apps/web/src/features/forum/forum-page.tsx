import { Page } from '../../app/frame';
import { de } from '../../i18n/de';

/** Forums (SPEC §2 'forum-view'); lists and details come with a later issue. */
export function ForumPage() {
  return (
    <Page
      title={de.pages.forums}
      breadcrumbs={[{ label: de.pages.dashboard, to: '/dashboard' }, { label: de.pages.forums }]}
    />
  );
}
