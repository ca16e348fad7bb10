import '@mantine/core/styles/Combobox.css';
import { Select } from '@mantine/core';
import { ROLES, type TRole } from '@portal/contract';
import { de } from '../../../../i18n/de';
import { roleName } from '../lib/member-display';

const CHOICES = ROLES.map((role) => ({ value: role, label: roleName(role) }));

interface RoleSelectProps {
  value: TRole;
  onChange: (role: TRole) => void;
  onBlur: () => void;
  error?: string;
}

export function RoleSelect({ value, onChange, onBlur, error }: RoleSelectProps) {
  return (
    <Select
      label={de.adminMembers.role}
      data={CHOICES}
      value={value}
      allowDeselect={false}
      onChange={(next) => {
        const role = ROLES.find((candidate) => candidate === next);
        if (role) onChange(role);
      }}
      onBlur={onBlur}
      error={error}
      comboboxProps={{ withinPortal: false }}
    />
  );
}
