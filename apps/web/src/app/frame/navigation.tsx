import { NavLink, Stack, Text } from '@mantine/core';
import { hasRole, type TProfile } from '@portal/contract';
import { useId } from 'react';
import { Link, type Location, useLocation } from 'react-router';
import { CategoryNavigation } from '../../features/categories';
import { de } from '../../i18n/de';
import { ROUTES } from '../../lib/routing/route-table';
import { type Section, sectionsFor } from './nav-sections';

export function Navigation({ user }: { user: TProfile }) {
  const location = useLocation();
  const adminHeadingId = useId();
  const sections = sectionsFor(user);
  const main = sections.filter((section) => section.area === undefined);
  const admin = sections.filter((section) => section.area === 'admin');
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        {main.map((section) => (
          <SectionLink key={section.to} section={section} location={location} />
        ))}
      </Stack>
      {admin.length > 0 && (
        <Stack component="section" gap={2} aria-labelledby={adminHeadingId}>
          <Text
            id={adminHeadingId}
            component="h2"
            size="xs"
            fw={700}
            tt="uppercase"
            c="dimmed"
            px={6}
            m={0}
            mb={4}
          >
            {de.nav.admin}
          </Text>
          {admin.map((section) => (
            <SectionLink key={section.to} section={section} location={location} />
          ))}
        </Stack>
      )}
      {/* Every category leads to a content page or is one's folder: only for the content pages' role. */}
      {hasRole(user.roles, ROUTES.content.role) && <CategoryNavigation />}
    </Stack>
  );
}

function SectionLink({ section, location }: { section: Section; location: Location }) {
  const { label, to, icon: Icon, isActive } = section;
  const active = isActive
    ? isActive(location)
    : location.pathname === to || location.pathname.startsWith(`${to}/`);
  return (
    <NavLink
      component={Link}
      to={to}
      label={label}
      active={active}
      aria-current={active ? 'page' : undefined}
      leftSection={<Icon size={18} stroke={1.6} aria-hidden />}
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
    />
  );
}
