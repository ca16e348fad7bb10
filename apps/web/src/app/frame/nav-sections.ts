import { APP_PATHS, COMPANY_APP_PATHS, hasRole, type TProfile, type TRole } from '@portal/contract';
import {
  IconAddressBook,
  IconBuildingFactory2,
  IconBuildingStore,
  IconCalendarEvent,
  IconHistory,
  IconLayoutDashboard,
  IconLock,
  IconMessages,
  IconNews,
  IconPhoto,
  type IconProps,
  IconUsers,
  IconUsersGroup,
  IconVocabulary,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { Location } from 'react-router';
import { blogListPath, seesInternalList } from '../../features/blog';
import { de } from '../../i18n/de';

/** Main sections of the portal, with the category tree below them (SPEC §2 "Common frame"). */
export interface Section {
  label: string;
  to: string;
  role: TRole;
  icon: ComponentType<IconProps>;
  /** Shown only to some users of the role */
  shownTo?: (user: TProfile) => boolean;
  /** Whether the current address belongs to the section (default: the path or below it) */
  isActive?: (location: Location) => boolean;
  /** 'admin': listed apart under 'Verwaltung' (issue 18), after the main sections */
  area?: 'admin';
}

const inBlog = ({ pathname }: Location) =>
  pathname === APP_PATHS.blog || pathname.startsWith(`${APP_PATHS.blog}/`);
const inInternalList = (location: Location) =>
  inBlog(location) && new URLSearchParams(location.search).get('ceo') === 'true';

export const SECTIONS: readonly Section[] = [
  { label: de.nav.dashboard, to: APP_PATHS.dashboard, role: 'ROLE_PARTNER', icon: IconLayoutDashboard },
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
  { label: de.nav.events, to: APP_PATHS.events, role: 'ROLE_USER', icon: IconCalendarEvent },
  { label: de.nav.forums, to: APP_PATHS.forums, role: 'ROLE_USER', icon: IconMessages },
  { label: de.nav.services, to: APP_PATHS.serviceOfferings, role: 'ROLE_USER', icon: IconBuildingStore },
  { label: de.nav.directory, to: COMPANY_APP_PATHS.directory, role: 'ROLE_USER', icon: IconAddressBook },
  { label: de.nav.media, to: APP_PATHS.media, role: 'ROLE_ADMIN', icon: IconPhoto },
  {
    label: de.nav.adminMembers,
    to: APP_PATHS.adminMembers,
    role: 'ROLE_ADMIN',
    icon: IconUsers,
    area: 'admin',
  },
  {
    label: de.nav.adminCompanies,
    to: APP_PATHS.adminCompanies,
    role: 'ROLE_ADMIN',
    icon: IconBuildingFactory2,
    area: 'admin',
  },
  {
    label: de.nav.adminGroups,
    to: APP_PATHS.adminGroups,
    role: 'ROLE_ADMIN',
    icon: IconUsersGroup,
    area: 'admin',
  },
  {
    label: de.nav.adminAudit,
    to: APP_PATHS.adminAudit,
    role: 'ROLE_ADMIN',
    icon: IconHistory,
    area: 'admin',
  },
  {
    label: de.nav.adminSynonyms,
    to: APP_PATHS.adminSynonyms,
    role: 'ROLE_ADMIN',
    icon: IconVocabulary,
    area: 'admin',
  },
];

/** The sections a user sees: those of their role (the role of the section's route) meant for them. */
export function sectionsFor(user: TProfile): Section[] {
  return SECTIONS.filter((section) => hasRole(user.roles, section.role) && (section.shownTo?.(user) ?? true));
}
