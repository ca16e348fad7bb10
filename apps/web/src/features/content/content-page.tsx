import { Page } from '../../app/frame';
import { de } from '../../i18n/de';

/** Content page of a category (SPEC §2 'content'); its content comes with a later issue. */
export function ContentPage() {
  return (
    <Page
      title={de.pages.content}
      breadcrumbs={[{ label: de.pages.dashboard, to: '/dashboard' }, { label: de.pages.content }]}
    />
  );
}
