import { NavLink, Stack } from '@mantine/core';
import { hasRole, type TProfile } from '@portal/contract';
import { Link, useLocation } from 'react-router';
import { CategoryNavigation } from '../../features/categories';
import { ROUTES } from '../../lib/routing/route-table';
import { sectionsFor } from './nav-sections';

export function Navigation({ user }: { user: TProfile }) {
  const location = useLocation();
  const sections = sectionsFor(user);
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
      {/* Every category leads to a content page or is one's folder: only for the content pages' role. */}
      {hasRole(user.roles, ROUTES.content.role) && <CategoryNavigation />}
    </Stack>
  );
}
