import type { TProfile, TRole } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { mayOpen, routeOf } from '../../lib/routing/route-access';
import { SECTIONS, sectionsFor } from './nav-sections';

function user(roles: TRole[]): TProfile {
  return { id: 1, username: 'erika', email: 'erika@example.de', company: 'Glas AG', roles, groups: [] };
}

describe('navigation sections', () => {
  it.each(SECTIONS.map((section) => [section.to, section]))(
    'should ask for the role of the route of %s',
    (_to, section) => {
      const route = routeOf(section.to);
      expect(route.name).not.toBe('not-found');
      expect(section.role).toBe(route.role);
    },
  );

  it.each([
    [['ROLE_PARTNER'], ['/dashboard', '/blog']],
    [
      ['ROLE_USER', 'ROLE_PARTNER'],
      ['/dashboard', '/blog', '/event', '/forum', '/dienstleistungsangebote', '/mitglieder'],
    ],
    [
      ['ROLE_ADMIN', 'ROLE_USER', 'ROLE_PARTNER'],
      [
        '/dashboard',
        '/blog',
        '/blog?ceo=true',
        '/event',
        '/forum',
        '/dienstleistungsangebote',
        '/mitglieder',
        '/media',
        '/admin/members',
        '/admin/companies',
        '/admin/groups',
        '/admin/audit',
        '/admin/synonyms',
      ],
    ],
  ] as [TRole[], string[]][])('should show %j only the sections it may open', (roles, expected) => {
    const shown = sectionsFor(user(roles)).map((section) => section.to);
    expect(shown).toEqual(expected);
    for (const to of shown) expect(mayOpen(roles, to)).toBe(true);
  });

  it('should list the administration apart, under its own heading, for admins only', () => {
    const admin = sectionsFor(user(['ROLE_ADMIN']));
    expect(admin.filter((section) => section.area === 'admin').map((section) => section.label)).toEqual([
      'Mitglieder',
      'Mitgliedsfirmen',
      'Gruppen',
      'Protokoll',
      'Synonyme für die Suche',
    ]);
    for (const roles of [['ROLE_USER'], ['ROLE_PARTNER']] as TRole[][]) {
      expect(sectionsFor(user(roles)).some((section) => section.area === 'admin')).toBe(false);
    }
  });
});
