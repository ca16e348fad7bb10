import { Anchor, Breadcrumbs as MantineBreadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useBreadcrumbTrail } from '../../components/page/breadcrumb-trail';
import { de } from '../../i18n/de';
import { mayOpen } from '../../lib/routing/route-access';
import { useSession } from '../../lib/use-session';

export function Breadcrumbs() {
  const items = useBreadcrumbTrail();
  const roles = useSession().user?.roles ?? [];
  if (items.length === 0) return null;
  return (
    <nav aria-label={de.frame.breadcrumbs}>
      <MantineBreadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap', rowGap: 4 }}>
        {items.map((item, index) =>
          // A page the user's role may not open is named, not linked.
          item.to && index < items.length - 1 && mayOpen(roles, item.to) ? (
            <Anchor key={`${item.to ?? ''}|${item.label}`} component={Link} to={item.to} size="sm">
              {item.label}
            </Anchor>
          ) : (
            <Text key={`${item.to ?? ''}|${item.label}`} size="sm" c="dimmed" aria-current="page">
              {item.label}
            </Text>
          ),
        )}
      </MantineBreadcrumbs>
    </nav>
  );
}
