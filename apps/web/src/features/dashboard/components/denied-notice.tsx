import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useSyncExternalStore } from 'react';
import { de } from '../../../i18n/de';
import { deniedRequest } from '../../../lib/routing/denied-request';
import { routeOf } from '../../../lib/routing/route-access';
import type { RouteName } from '../../../lib/routing/route-table';

/**
 * The name members know a page under that a deep link asked for (read when shown: the texts' sections of the
 * build may not be there yet while this module loads).
 */
function pageName(name: RouteName): string | undefined {
  const names: Partial<Record<RouteName, string>> = {
    content: de.pages.content,
    event: de.pages.events,
    'forum-view': de.pages.forums,
    'thread-view': de.pages.forums,
    'service-offerings': de.pages.services,
    'media-overview': de.pages.media,
    media: de.pages.media,
    'admin-members': de.nav.admin,
    'admin-groups': de.nav.admin,
    'admin-audit': de.nav.admin,
  };
  return names[name];
}

/**
 * Issue 31: a deep link (the host page's `?portal=`, a mail) to a page the role may not open lands on the
 * dashboard; this says why instead of leaving the member to wonder. Gone once closed or left.
 */
export function DeniedNotice() {
  const denied = useSyncExternalStore(deniedRequest.subscribe, deniedRequest.get);
  useEffect(() => () => deniedRequest.set(null), []);
  if (!denied) return null;
  const route = routeOf(denied);
  const page = pageName(route.name) ?? route.path;
  const text =
    route.role === 'ROLE_ADMIN' ? de.dashboard.deniedForAdmins(page) : de.dashboard.deniedForPartners(page);
  return (
    <Alert
      color="orange"
      variant="light"
      title={de.dashboard.deniedTitle}
      icon={<IconLock aria-hidden />}
      withCloseButton
      closeButtonLabel={de.dashboard.deniedClose}
      onClose={() => deniedRequest.set(null)}
    >
      {text}
    </Alert>
  );
}
