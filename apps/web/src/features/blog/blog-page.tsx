import { useSearchParams } from 'react-router';
import { Page } from '../../app/frame';
import { de } from '../../i18n/de';

/** News posts (SPEC §2 'blog'); `ceo=true` makes the title 'FMK-Intern'. Posts come with a later issue. */
export function BlogPage() {
  const [searchParams] = useSearchParams();
  const title = searchParams.get('ceo') === 'true' ? de.pages.blogCeo : de.pages.blog;
  return (
    <Page title={title} breadcrumbs={[{ label: de.pages.dashboard, to: '/dashboard' }, { label: title }]} />
  );
}
