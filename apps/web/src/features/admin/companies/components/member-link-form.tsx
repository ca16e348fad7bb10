import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Combobox.css';
import { Button, Checkbox, type ComboboxItem, Fieldset, Group, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TCompanyFunction } from '@portal/contract';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useAlerts } from '../../../../components/feedback/alerts';
import { de } from '../../../../i18n/de';
import { useFindMembers } from '../api/find-members';
import { useLinkMember } from '../api/save-company';
import { FUNCTION_CHOICES, functionOf } from '../lib/company-functions';

const texts = de.adminCompanies.contacts;
const SEARCH_DELAY_MS = 250;

/** 'Mitglied zuordnen': a member found by name, e-mail or company text, with a function; moves them here. */
export function MemberLinkForm({ companyId }: { companyId: number }) {
  const alerts = useAlerts();
  const link = useLinkMember(companyId);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DELAY_MS);
  const found = useFindMembers(debounced);
  const [member, setMember] = useState<ComboboxItem | null>(null);
  const [role, setRole] = useState<TCompanyFunction | null>(null);
  const [mainContact, setMainContact] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const options: ComboboxItem[] = (found.data?.items ?? []).map((item) => ({
    value: String(item.id),
    label: item.company ? `${item.username} (${item.company})` : item.username,
  }));
  if (member && !options.some((option) => option.value === member.value)) options.unshift(member);

  const submit = () => {
    if (!member) {
      setError(texts.memberRequired);
      return;
    }
    const label = member.label;
    link.mutate(
      { userId: Number(member.value), input: { function: role, mainContact } },
      {
        onSuccess: () => {
          alerts.success(texts.added(label));
          setMember(null);
          setSearch('');
          setRole(null);
          setMainContact(false);
        },
      },
    );
  };

  return (
    <Fieldset legend={texts.add}>
      <Group align="flex-end" gap="sm">
        <Select
          label={texts.member}
          placeholder={texts.memberPlaceholder}
          data={options}
          value={member?.value ?? null}
          onChange={(_value, option) => {
            setMember(option ?? null);
            setError(null);
          }}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          // the server has searched already (username, e-mail and company text)
          filter={({ options: all }) => all}
          nothingFoundMessage={found.isFetching ? de.app.loading : texts.nothingFound}
          error={error}
          style={{ flex: '1 1 14rem' }}
        />
        <Select
          label={texts.function}
          placeholder={texts.noFunction}
          data={FUNCTION_CHOICES}
          value={role}
          onChange={(next) => setRole(functionOf(next))}
          clearable
          clearButtonProps={{ 'aria-label': de.adminAudit.clear }}
          w={190}
        />
        <Checkbox
          label={texts.mainContact}
          checked={mainContact}
          onChange={(event) => setMainContact(event.currentTarget.checked)}
          mb={8}
        />
        <Button
          leftSection={<IconUserPlus size={16} aria-hidden />}
          onClick={submit}
          loading={link.isPending}
        >
          {texts.add}
        </Button>
      </Group>
    </Fieldset>
  );
}
