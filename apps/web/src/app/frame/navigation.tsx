import { NavLink, Stack } from '@mantine/core';
import { hasRole, type TRole } from '@portal/contract';
import {
  IconBuildingStore,
  IconCalendarEvent,
  IconLayoutDashboard,
  IconMessages,
  IconNews,
  IconPhoto,
  type IconProps,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link, useLocation } from 'react-router';
import { CategoryNavigation } from '../../features/categories';
import { de } from '../../i18n/de';

/** Main sections of the portal, with the category tree below them (SPEC §2 "Common frame"). */
interface Section {
  label: string;
  to: string;
  role: TRole;
  icon: ComponentType<IconProps>;
}

const SECTIONS: readonly Section[] = [
  { label: de.nav.dashboard, to: '/dashboard', role: 'ROLE_PARTNER', icon: IconLayoutDashboard },
  { label: de.nav.blog, to: '/blog', role: 'ROLE_PARTNER', icon: IconNews },
  { label: de.nav.events, to: '/event', role: 'ROLE_USER', icon: IconCalendarEvent },
  { label: de.nav.forums, to: '/forum', role: 'ROLE_USER', icon: IconMessages },
  { label: de.nav.services, to: '/dienstleistungsangebote', role: 'ROLE_USER', icon: IconBuildingStore },
  { label: de.nav.media, to: '/media', role: 'ROLE_ADMIN', icon: IconPhoto },
];

export function Navigation({ roles }: { roles: readonly TRole[] }) {
  const { pathname } = useLocation();
  const sections = SECTIONS.filter((section) => hasRole(roles, section.role));
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        {sections.map(({ label, to, icon: Icon }) => {
          const active = pathname === to || pathname.startsWith(`${to}/`);
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
      {hasRole(roles, 'ROLE_PARTNER') && <CategoryNavigation />}
    </Stack>
  );
}
