import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { ROLES, type TAdminGroup } from '@portal/contract';
import { IconSearch } from '@tabler/icons-react';
import { useSearchText } from '../../../../components/form/use-search-text';
import { de } from '../../../../i18n/de';
import { roleName } from '../lib/member-display';
import { MEMBERS_SEARCH_MAX, type MembersQuery } from '../lib/members-query';
import { CompanyFilter } from './company-filter';

const texts = de.adminMembers;
/** The choice 'Alle' of each filter. */
const ALL = 'alle';

interface MemberFiltersProps {
  query: MembersQuery;
  groups: readonly TAdminGroup[];
  onChange: (change: Partial<Omit<MembersQuery, 'page'>>) => void;
}

const ROLE_CHOICES = [
  { value: ALL, label: texts.all },
  ...ROLES.map((role) => ({ value: role, label: roleName(role) })),
];
const ACCESS_CHOICES = [
  { value: ALL, label: texts.all },
  { value: 'true', label: texts.accessDisabled },
  { value: 'false', label: texts.accessActive },
];
const SORT_CHOICES = [
  { value: 'username', label: texts.sortByUsername },
  { value: 'company', label: texts.sortByCompany },
];

/**
 * Search (name, e-mail, company), the filters role, group, access and member company, and the order; each
 * change starts on page 1.
 */
export function MemberFilters({ query, groups, onChange }: MemberFiltersProps) {
  const [text, setText] = useSearchText(query.q, (q) => onChange({ q }));
  const groupChoices = [
    { value: ALL, label: texts.all },
    ...groups.map((group) => ({ value: String(group.id), label: group.name })),
  ];
  return (
    <search aria-label={texts.filters}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="xs">
        <TextInput
          type="search"
          label={texts.search}
          placeholder={texts.searchPlaceholder}
          value={text}
          maxLength={MEMBERS_SEARCH_MAX}
          onChange={(event) => setText(event.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
        />
        <Select
          label={texts.role}
          data={ROLE_CHOICES}
          value={query.role ?? ALL}
          allowDeselect={false}
          onChange={(value) => onChange({ role: ROLES.find((role) => role === value) ?? null })}
        />
        <Select
          label={texts.group}
          data={groupChoices}
          value={query.group === null ? ALL : String(query.group)}
          allowDeselect={false}
          onChange={(value) => onChange({ group: value === null || value === ALL ? null : Number(value) })}
        />
        <Select
          label={texts.access}
          data={ACCESS_CHOICES}
          value={query.disabled === null ? ALL : String(query.disabled)}
          allowDeselect={false}
          onChange={(value) =>
            onChange({ disabled: value === ALL || value === null ? null : value === 'true' })
          }
        />
        <CompanyFilter value={query.company} onChange={(company) => onChange({ company })} />
        <Select
          label={texts.sort}
          data={SORT_CHOICES}
          value={query.sort}
          allowDeselect={false}
          onChange={(value) => onChange({ sort: value === 'company' ? 'company' : 'username' })}
        />
      </SimpleGrid>
    </search>
  );
}
