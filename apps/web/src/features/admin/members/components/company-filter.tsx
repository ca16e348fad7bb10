import '@mantine/core/styles/Combobox.css';
import { type ComboboxItem, type OptionsFilter, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MEMBERS_WITHOUT_COMPANY } from '@portal/contract';
import { useEffect, useState } from 'react';
import { de } from '../../../../i18n/de';
import { useCompanyChoices, useCompanyName } from '../api/get-company-choices';
import type { MembersQuery } from '../lib/members-query';

const texts = de.adminMembers;
const ALL = 'alle';
const SEARCH_DELAY_MS = 250;
const FIXED: ComboboxItem[] = [
  { value: ALL, label: texts.all },
  { value: MEMBERS_WITHOUT_COMPANY, label: texts.withoutCompany },
];
const FIXED_VALUES = new Set(FIXED.map((option) => option.value));

/** 'Alle' and 'Ohne Firma' as typed; the companies the server found for the text stay as they are. */
const keepFound: OptionsFilter = ({ options, search }) => {
  const text = search.trim().toLocaleLowerCase('de');
  return options.filter(
    (option) =>
      !('value' in option) ||
      !FIXED_VALUES.has(option.value) ||
      option.label.toLocaleLowerCase('de').includes(text),
  );
};

interface CompanyFilterProps {
  value: MembersQuery['company'];
  onChange: (company: MembersQuery['company']) => void;
}

/**
 * 'Mitgliedsfirma' (issue 36 point 5): a searchable choice of 'Alle', 'Ohne Firma' and the member companies,
 * which the server searches by name as the admin types (the directory's search: 5,000 companies are never all
 * sent).
 */
export function CompanyFilter({ value, onChange }: CompanyFilterProps) {
  const chosenId = typeof value === 'number' ? value : null;
  const chosenName = useCompanyName(chosenId);
  const selected = value === null ? ALL : String(value);
  const selectedLabel =
    FIXED.find((option) => option.value === selected)?.label ?? chosenName ?? String(chosenId ?? '');
  const [search, setSearch] = useState(selectedLabel);
  // the chosen company's name arrives after the address named its id, and a reset of the filters changes it
  useEffect(() => setSearch(selectedLabel), [selectedLabel]);
  // the field shows the chosen option's name: that is no search
  const [typed] = useDebouncedValue(search === selectedLabel ? '' : search, SEARCH_DELAY_MS);
  const found = useCompanyChoices(typed);

  const options: ComboboxItem[] = [
    ...FIXED,
    ...(found.data?.items ?? []).map((company) => ({ value: String(company.id), label: company.name })),
  ];
  if (chosenId !== null && !options.some((option) => option.value === selected)) {
    options.push({ value: selected, label: selectedLabel });
  }

  return (
    <Select
      label={texts.memberCompany}
      placeholder={texts.companyPlaceholder}
      data={options}
      value={selected}
      allowDeselect={false}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={keepFound}
      nothingFoundMessage={found.isFetching ? texts.companiesLoading : texts.noCompanyFound}
      onChange={(next) => {
        if (next === null || next === ALL) onChange(null);
        else if (next === MEMBERS_WITHOUT_COMPANY) onChange(next);
        else onChange(Number(next));
      }}
      onDropdownClose={() => setSearch(selectedLabel)}
    />
  );
}
