import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { COMPANY_STATES, type TCompanyState, type TSpecialty } from '@portal/contract';
import { IconSearch } from '@tabler/icons-react';
import { useSearchText } from '../../../components/form/use-search-text';
import { de } from '../../../i18n/de';
import { DIRECTORY_SEARCH_MAX, type DirectoryQuery } from '../lib/directory-query';

const texts = de.directory;
/** The choice 'Alle' of each filter. */
const ALL = 'alle';
const STATE_CHOICES = [
  { value: ALL, label: texts.all },
  ...Object.entries(COMPANY_STATES).map(([value, label]) => ({ value, label })),
];

interface DirectoryFiltersProps {
  query: DirectoryQuery;
  specialties: readonly TSpecialty[];
  onChange: (change: Partial<Omit<DirectoryQuery, 'page'>>) => void;
}

/** Search (name, place, specialty) and the filters Bundesland and Schwerpunkt; each change starts on page 1. */
export function DirectoryFilters({ query, specialties, onChange }: DirectoryFiltersProps) {
  const [text, setText] = useSearchText(query.q, (q) => onChange({ q }));
  const specialtyChoices = [
    { value: ALL, label: texts.all },
    ...specialties.map((specialty) => ({ value: String(specialty.id), label: specialty.name })),
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs">
      <TextInput
        type="search"
        label={texts.search}
        placeholder={texts.searchPlaceholder}
        value={text}
        maxLength={DIRECTORY_SEARCH_MAX}
        onChange={(event) => setText(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
      />
      <Select
        label={texts.state}
        data={STATE_CHOICES}
        value={query.state ?? ALL}
        allowDeselect={false}
        onChange={(value) =>
          onChange({ state: value === null || value === ALL ? null : (value as TCompanyState) })
        }
      />
      <Select
        label={texts.specialty}
        data={specialtyChoices}
        value={query.specialty === null ? ALL : String(query.specialty)}
        allowDeselect={false}
        searchable
        nothingFoundMessage={texts.emptyFiltered}
        onChange={(value) => onChange({ specialty: value === null || value === ALL ? null : Number(value) })}
      />
    </SimpleGrid>
  );
}
