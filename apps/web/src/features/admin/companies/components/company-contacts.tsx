import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Combobox.css';
import { Button, Group, Paper, Select, Stack, Switch, Text, Title } from '@mantine/core';
import type { TCompany, TCompanyFunction } from '@portal/contract';
import { IconUserMinus } from '@tabler/icons-react';
import { useState } from 'react';
import { useAlerts } from '../../../../components/feedback/alerts';
import { useConfirm } from '../../../../components/feedback/confirm';
import { de } from '../../../../i18n/de';
import { useLinkMember, useUnlinkMember } from '../api/save-company';
import { FUNCTION_CHOICES, functionOf } from '../lib/company-functions';
import { MemberLinkForm } from './member-link-form';

const texts = de.adminCompanies.contacts;

type Contact = TCompany['contacts'][number];
interface MemberChange {
  function?: TCompanyFunction | null;
  mainContact?: boolean;
}

/** The company's people: function and main contact changed at once, removal after a question. */
export function CompanyContacts({ company }: { company: TCompany }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="company-contacts">
      <Title order={2} size="h3" id="company-contacts">
        {texts.title}
      </Title>
      <Text size="sm" c="dimmed">
        {texts.mainContactHint}
      </Text>
      {company.contacts.length === 0 ? (
        <Text c="dimmed">{texts.empty}</Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} aria-label={texts.title} style={{ listStyle: 'none' }}>
          {company.contacts.map((contact) => (
            <ContactRow key={contact.userId} companyId={company.id} contact={contact} />
          ))}
        </Stack>
      )}
      <MemberLinkForm companyId={company.id} />
    </Stack>
  );
}

function ContactRow({ companyId, contact }: { companyId: number; contact: Contact }) {
  const alerts = useAlerts();
  const confirm = useConfirm();
  const link = useLinkMember(companyId);
  const unlink = useUnlinkMember(companyId);
  const name = contact.name;
  // A change shows at once (set in the same event, as a switch must), until the server's answer is read.
  const [pending, setPending] = useState<MemberChange | null>(null);
  const shownFunction = pending?.function !== undefined ? pending.function : contact.function;
  const shownMain = pending?.mainContact ?? contact.mainContact;
  const change = (input: MemberChange) => {
    setPending(input);
    link.mutate(
      { userId: contact.userId, input },
      { onSuccess: () => alerts.success(texts.saved(name)), onSettled: () => setPending(null) },
    );
  };
  const remove = async () => {
    if (!(await confirm({ title: de.deletion.title, text: texts.removeQuestion(name), danger: true })))
      return;
    unlink.mutate(contact.userId, { onSuccess: () => alerts.success(texts.removed(name)) });
  };

  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={name}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={0} style={{ flex: '1 1 10rem', minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          {contact.username !== name && (
            <Text size="sm" c="dimmed">
              {contact.username}
            </Text>
          )}
        </Stack>
        <Select
          label={texts.function}
          aria-label={texts.functionOf(name)}
          placeholder={texts.noFunction}
          data={FUNCTION_CHOICES}
          value={shownFunction}
          onChange={(next) => change({ function: functionOf(next) })}
          clearable
          clearButtonProps={{ 'aria-label': de.adminAudit.clear }}
          w={190}
          disabled={link.isPending}
        />
        <Switch
          label={texts.mainContact}
          aria-label={texts.mainContactOf(name)}
          checked={shownMain}
          onChange={(event) => change({ mainContact: event.currentTarget.checked })}
          disabled={link.isPending}
          mb={8}
        />
        <Button
          variant="subtle"
          color="red"
          size="xs"
          mb={4}
          leftSection={<IconUserMinus size={14} aria-hidden />}
          aria-label={texts.removeLabel(name)}
          onClick={() => void remove()}
        >
          {texts.remove}
        </Button>
      </Group>
    </Paper>
  );
}
