import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { APP_PATHS, type TCompanyContact } from '@portal/contract';
import { IconDownload, IconMail, IconPhone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { de } from '../../../i18n/de';
import { downloadVcard } from '../api/download-vcard';
import classes from './companies.module.css';

const texts = de.directory;

/**
 * The company's people with their function. E-mail, phone and vCard only as the server gives them: it leaves
 * them out for whoever did not agree to be shown ('In Verzeichnis anzeigen').
 */
export function ContactList({ contacts }: { contacts: readonly TCompanyContact[] }) {
  if (contacts.length === 0) return <Text c="dimmed">{texts.noContacts}</Text>;
  return (
    <Stack component="ul" gap="sm" className={classes.contacts}>
      {contacts.map((contact) => (
        <li key={contact.userId} aria-label={contact.name}>
          <Contact contact={contact} />
        </li>
      ))}
    </Stack>
  );
}

function Contact({ contact }: { contact: TCompanyContact }) {
  const { vcard } = contact;
  const shown = contact.email !== null || contact.phone !== null;
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} miw={0}>
          <Group gap="xs">
            <Anchor component={Link} to={APP_PATHS.person(contact.userId)} fw={600} className={classes.name}>
              {contact.name}
            </Anchor>
            {contact.mainContact && (
              <Badge size="sm" variant="light" tt="none">
                {texts.mainContact}
              </Badge>
            )}
          </Group>
          {contact.function && <Text size="sm">{contact.function}</Text>}
          {contact.email && (
            <Group gap={6} wrap="nowrap">
              <IconMail size={16} aria-hidden />
              <Anchor href={`mailto:${contact.email}`} size="sm" className={classes.name}>
                {contact.email}
              </Anchor>
            </Group>
          )}
          {contact.phone && (
            <Group gap={6} wrap="nowrap">
              <IconPhone size={16} aria-hidden />
              <Anchor href={`tel:${contact.phone.replace(/[^0-9+]/g, '')}`} size="sm">
                {contact.phone}
              </Anchor>
            </Group>
          )}
          {!shown && (
            <Text size="sm" c="dimmed">
              {texts.contactHidden}
            </Text>
          )}
        </Stack>
        {vcard && (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden />}
            aria-label={texts.vcardOf(contact.name)}
            onClick={() => void downloadVcard(vcard, contact.username)}
          >
            {texts.vcard}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
