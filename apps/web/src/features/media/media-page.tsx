import { Page } from '../../app/frame';
import { de } from '../../i18n/de';

/** Media library (SPEC §2 'media-overview' and 'media'); tree and files come with a later issue. */
export function MediaPage() {
  return <Page title={de.pages.media} breadcrumbs={[{ label: de.pages.media }]} />;
}
