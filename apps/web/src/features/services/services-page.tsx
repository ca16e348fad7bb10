import { Page } from '../../app/frame';
import { de } from '../../i18n/de';

/** Service offerings (SPEC §2 'service-offerings'); the offers come with a later issue. */
export function ServicesPage() {
  return (
    <Page
      title={de.pages.services}
      breadcrumbs={[{ label: de.pages.dashboard, to: '/dashboard' }, { label: de.pages.services }]}
    />
  );
}
