import { Button, Group } from '@mantine/core';
import { APP_PATHS } from '@portal/contract';
import { Link, useLocation } from 'react-router';
import { de } from '../../../../i18n/de';

const texts = de.adminCompanies;

const SECTIONS = [
  { label: texts.list, to: APP_PATHS.adminCompanies },
  { label: texts.review, to: APP_PATHS.adminCompanyReview },
  { label: texts.import, to: APP_PATHS.adminCompanyImport },
  { label: texts.specialties, to: APP_PATHS.adminSpecialties },
] as const;

/** The screens of 'Mitgliedsfirmen' side by side; the current one marked for screen readers too. */
export function CompanySections() {
  const { pathname } = useLocation();
  return (
    <Group component="nav" aria-label={texts.sections} gap="xs">
      {SECTIONS.map((section) => {
        const current = pathname === section.to;
        return (
          <Button
            key={section.to}
            component={Link}
            to={section.to}
            size="compact-md"
            variant={current ? 'light' : 'subtle'}
            aria-current={current ? 'page' : undefined}
          >
            {section.label}
          </Button>
        );
      })}
    </Group>
  );
}

/** The breadcrumbs of a screen below 'Mitgliedsfirmen'. */
export function companyCrumbs(label?: string) {
  const home = { label: de.pages.dashboard, to: APP_PATHS.dashboard };
  if (!label) return [home, { label: de.nav.adminCompanies }];
  return [home, { label: de.nav.adminCompanies, to: APP_PATHS.adminCompanies }, { label }];
}
