import { Anchor, Group, Paper, Text } from '@mantine/core';
import { COMPANY_APP_PATHS, type TPerson } from '@portal/contract';
import { Link } from 'react-router';
import { de } from '../../../i18n/de';
import classes from './companies.module.css';
import { PersonAvatar } from './person-avatar';

const texts = de.people;

/**
 * A person as members see them: photo (or initials), company (linked to its page), function, and e-mail and
 * phone only as the server gives them: it leaves them out for whoever did not agree to be shown.
 */
export function PersonCard({ person }: { person: TPerson }) {
  const hidden = person.email === null && person.phone === null;
  return (
    <Paper withBorder radius="md" p="md">
      <Group align="flex-start" gap="lg">
        <PersonAvatar name={person.name} photo={person.photo} size={120} />
        <dl className={classes.facts} style={{ flex: 1, minWidth: 220 }}>
          <dt>{texts.company}</dt>
          <dd>
            {person.company ? (
              <Anchor component={Link} to={COMPANY_APP_PATHS.company(person.company.id)}>
                {person.company.name}
              </Anchor>
            ) : (
              <Text span c="dimmed">
                {texts.noCompany}
              </Text>
            )}
          </dd>
          {person.function && (
            <>
              <dt>{texts.function}</dt>
              <dd>{person.function}</dd>
            </>
          )}
          {person.email && (
            <>
              <dt>{texts.email}</dt>
              <dd>
                <Anchor href={`mailto:${person.email}`}>{person.email}</Anchor>
              </dd>
            </>
          )}
          {person.phone && (
            <>
              <dt>{texts.phone}</dt>
              <dd>
                <Anchor href={`tel:${person.phone.replace(/[^0-9+]/g, '')}`}>{person.phone}</Anchor>
              </dd>
            </>
          )}
        </dl>
      </Group>
      {hidden && (
        <Text size="sm" c="dimmed" mt="sm">
          {texts.contactHidden}
        </Text>
      )}
    </Paper>
  );
}
