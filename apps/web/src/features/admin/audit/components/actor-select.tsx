import { type ComboboxItem, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { de } from '../../../../i18n/de';
import { useActorChoices, useActorName } from '../api/get-actors';

const texts = de.adminAudit;
const SEARCH_DELAY_MS = 250;

interface ActorSelectProps {
  value: number | null;
  onChange: (actor: number | null) => void;
}

/**
 * The actor filter: a member found on the server by name, e-mail or company as they type (the members list's
 * search), so that it works with 100,000 members; the options load when the list first opens.
 */
export function ActorSelect({ value, onChange }: ActorSelectProps) {
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const choices = useActorChoices(debounced, opened);
  const chosenName = useActorName(value);

  const options: ComboboxItem[] = (choices.data ?? []).map((member) => ({
    value: String(member.id),
    label: member.username,
  }));
  // The chosen actor stays an option, so that its name shows whatever the last search found.
  if (value !== null && !options.some((option) => option.value === String(value))) {
    options.unshift({ value: String(value), label: chosenName.data ?? `#${value}` });
  }

  return (
    <Select
      label={texts.actor}
      placeholder={texts.actorPlaceholder}
      data={options}
      value={value === null ? null : String(value)}
      onChange={(chosen) => onChange(chosen === null ? null : Number(chosen))}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // the server has searched already; the typed text may match the e-mail or company, not the name
      filter={({ options: found }) => found}
      clearable
      clearButtonProps={{ 'aria-label': texts.clear }}
      nothingFoundMessage={choices.isFetching ? de.app.loading : texts.actorNothingFound}
      onDropdownOpen={() => setOpened(true)}
    />
  );
}
