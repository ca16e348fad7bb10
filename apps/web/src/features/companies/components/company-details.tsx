import { Anchor, Badge, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { COMPANY_STATES, type TCompany } from '@portal/contract';
import { useId } from 'react';
import { de } from '../../../i18n/de';
import { placeOf, websiteOf } from '../lib/company-display';
import classes from './companies.module.css';
import { CompanyLogo } from './company-logo';

const texts = de.directory;

/** The company's own data: logo, address, website, phone, e-mail, specialties and its description. */
export function CompanyDetails({ company }: { company: TCompany }) {
  const headingId = useId();
  const place = placeOf(company);
  const address = [company.street, place, company.state ? COMPANY_STATES[company.state] : null].filter(
    (line): line is string => Boolean(line),
  );
  const website = company.website ? websiteOf(company.website) : null;
  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby={headingId}>
      <Group align="flex-start" gap="lg">
        <CompanyLogo logo={company.logo} alt={texts.logo(company.name)} large />
        <Stack gap="sm" style={{ flex: 1, minWidth: 240 }}>
          <Title id={headingId} order={2} size="h3">
            {texts.details}
          </Title>
          <dl className={classes.facts}>
            {address.length > 0 && (
              <>
                <dt>{texts.address}</dt>
                <dd>
                  {address.map((line) => (
                    <div key={line}>{line}</div>
                  ))}
                </dd>
              </>
            )}
            {website && (
              <>
                <dt>{texts.website}</dt>
                <dd>
                  <Anchor href={website.href} target="_blank" rel="noopener noreferrer">
                    {website.label}
                    <VisuallyHidden>{` ${de.common.opensInNewTab}`}</VisuallyHidden>
                  </Anchor>
                </dd>
              </>
            )}
            {company.phone && (
              <>
                <dt>{texts.phone}</dt>
                <dd>
                  <Anchor href={`tel:${company.phone.replace(/[^0-9+]/g, '')}`}>{company.phone}</Anchor>
                </dd>
              </>
            )}
            {company.email && (
              <>
                <dt>{texts.email}</dt>
                <dd>
                  <Anchor href={`mailto:${company.email}`}>{company.email}</Anchor>
                </dd>
              </>
            )}
            {company.specialties.length > 0 && (
              <>
                <dt>{texts.specialties}</dt>
                <dd>
                  <Group gap={4}>
                    {company.specialties.map((specialty) => (
                      <Badge key={specialty.id} variant="light" tt="none">
                        {specialty.name}
                      </Badge>
                    ))}
                  </Group>
                </dd>
              </>
            )}
          </dl>
        </Stack>
      </Group>
      {company.description && (
        <Stack gap={4} mt="md">
          <Title order={3} size="h4">
            {texts.about}
          </Title>
          <Text style={{ whiteSpace: 'pre-line' }}>{company.description}</Text>
        </Stack>
      )}
    </Paper>
  );
}
