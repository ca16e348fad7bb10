import { NavLink, Stack } from '@mantine/core';
import { hasRole, type TProfile, type TRole } from '@portal/contract';
import {
  IconBuildingStore,
  IconCalendarEvent,
  IconLayoutDashboard,
  IconLock,
  IconMessages,
  IconNews,
  IconPhoto,
  type IconProps,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link, type Location, useLocation } from 'react-router';
import { blogListPath, seesInternalList } from '../../features/blog';
import { CategoryNavigation } from '../../features/categories';
import { de } from '../../i18n/de';

/** Main sections of the portal, with the category tree below them (SPEC §2 "Common frame"). */
interface Section {
  label: string;
  to: string;
  role: TRole;
  icon: ComponentType<IconProps>;
  /** Shown only to some users of the role */
  shownTo?: (user: TProfile) => boolean;
  /** Whether the current address belongs to the section (default: the path or below it) */
  isActive?: (location: Location) => boolean;
}

const inBlog = ({ pathname }: Location) => pathname === '/blog' || pathname.startsWith('/blog/');
const inInternalList = (location: Location) =>
  inBlog(location) && new URLSearchParams(location.search).get('ceo') === 'true';

const SECTIONS: readonly Section[] = [
  { label: de.nav.dashboard, to: '/dashboard', role: 'ROLE_PARTNER', icon: IconLayoutDashboard },
  {
    label: de.nav.blog,
    to: blogListPath(),
    role: 'ROLE_PARTNER',
    icon: IconNews,
    isActive: (location) => inBlog(location) && !inInternalList(location),
  },
  {
    label: de.nav.blogCeo,
    to: blogListPath({ ceo: true }),
    role: 'ROLE_PARTNER',
    icon: IconLock,
    shownTo: seesInternalList,
    isActive: inInternalList,
  },
  { label: de.nav.events, to: '/event', role: 'ROLE_USER', icon: IconCalendarEvent },
  { label: de.nav.forums, to: '/forum', role: 'ROLE_USER', icon: IconMessages },
  { label: de.nav.services, to: '/dienstleistungsangebote', role: 'ROLE_USER', icon: IconBuildingStore },
  { label: de.nav.media, to: '/media', role: 'ROLE_ADMIN', icon: IconPhoto },
];

export function Navigation({ user }: { user: TProfile }) {
  const location = useLocation();
  const sections = SECTIONS.filter(
    (section) => hasRole(user.roles, section.role) && (section.shownTo?.(user) ?? true),
  );
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        {sections.map(({ label, to, icon: Icon, isActive }) => {
          const active = isActive
            ? isActive(location)
            : location.pathname === to || location.pathname.startsWith(`${to}/`);
          return (
            <NavLink
              key={to}
              component={Link}
              to={to}
              label={label}
              active={active}
              aria-current={active ? 'page' : undefined}
              leftSection={<Icon size={18} stroke={1.6} aria-hidden />}
              style={{ borderRadius: 'var(--mantine-radius-sm)' }}
            />
          );
        })}
      </Stack>
      {hasRole(user.roles, 'ROLE_PARTNER') && <CategoryNavigation />}
    </Stack>
  );
}
