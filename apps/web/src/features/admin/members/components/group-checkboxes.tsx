import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import { Checkbox, Group } from '@mantine/core';
import type { TAdminGroup } from '@portal/contract';
import { de } from '../../../../i18n/de';

interface GroupCheckboxesProps {
  groups: readonly TAdminGroup[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
}

/** The member's groups, one checkbox each: every choice visible at once, also on a phone. */
export function GroupCheckboxes({ groups, value, onChange, error }: GroupCheckboxesProps) {
  return (
    <Checkbox.Group label={de.adminMembers.groups} value={value} onChange={onChange} error={error}>
      <Group gap="md" mt={6}>
        {groups.map((group) => (
          <Checkbox key={group.id} value={String(group.id)} label={group.name} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}
