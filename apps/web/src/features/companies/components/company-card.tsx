import '@mantine/core/styles/Card.css';
import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { COMPANY_APP_PATHS, type TCompanyCard } from '@portal/contract';
import { Link } from 'react-router';
import { de } from '../../../i18n/de';
import { placeLine } from '../lib/company-display';
import classes from './companies.module.css';
import { CompanyLogo } from './company-logo';

/** A company in the directory: logo, name (the link to its page, over the whole card), place, specialties. */
export function CompanyCard({ company, search }: { company: TCompanyCard; search: string }) {
  const place = placeLine(company);
  return (
    <Card withBorder radius="md" padding="md" className={`${classes.card} ${classes.stretched}`}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <CompanyLogo logo={company.logo} alt="" />
        <Stack gap={4} miw={0}>
          <Title order={2} size="h4" className={classes.name}>
            {/* The directory's address goes with it, so that the company page leads back to the same list. */}
            <Anchor component={Link} to={COMPANY_APP_PATHS.company(company.id)} state={{ search }} inherit>
              {company.name}
            </Anchor>
          </Title>
          {place && (
            <Text size="sm" c="dimmed">
              {place}
            </Text>
          )}
          {company.specialties.length > 0 && (
            <Group gap={4} aria-label={de.directory.specialties} role="list">
              {company.specialties.map((specialty) => (
                <Badge key={specialty.id} variant="light" size="sm" role="listitem" tt="none">
                  {specialty.name}
                </Badge>
              ))}
            </Group>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
