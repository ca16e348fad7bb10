import '@mantine/core/styles/Table.css';
import { Badge, Button, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { TAdminMember } from '@portal/contract';
import { IconPencil } from '@tabler/icons-react';
import { de } from '../../../../i18n/de';
import { groupNames, lastLogin, roleName } from '../lib/member-display';

const texts = de.adminMembers;

interface MemberListProps {
  members: readonly TAdminMember[];
  onEdit: (member: TAdminMember) => void;
}

/** The desktop's members: one row each, a column per fact (issue 18). */
export function MemberTable({ members, onEdit }: MemberListProps) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped withTableBorder verticalSpacing="xs" aria-label={texts.title}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{texts.username}</Table.Th>
            <Table.Th>{texts.email}</Table.Th>
            <Table.Th>{texts.company}</Table.Th>
            <Table.Th>{texts.role}</Table.Th>
            <Table.Th>{texts.groups}</Table.Th>
            <Table.Th>{texts.lastLogin}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{texts.actions}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => (
            <Table.Tr key={member.id}>
              <Table.Td>
                <Stack gap={2} align="flex-start">
                  <Text fw={600} size="sm">
                    {member.username}
                  </Text>
                  {member.disabled && <DisabledBadge />}
                </Stack>
              </Table.Td>
              <Table.Td>{member.email ?? ''}</Table.Td>
              <Table.Td>{member.company ?? ''}</Table.Td>
              <Table.Td>{roleName(member.role)}</Table.Td>
              <Table.Td>{groupNames(member)}</Table.Td>
              <Table.Td>{lastLogin(member)}</Table.Td>
              <Table.Td>
                <Button
                  size="compact-sm"
                  variant="default"
                  leftSection={<IconPencil size={14} aria-hidden />}
                  aria-label={texts.editLabel(member.username)}
                  onClick={() => onEdit(member)}
                >
                  {texts.edit}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function DisabledBadge() {
  return (
    <Badge color="red" variant="light" size="sm" style={{ flex: 'none' }}>
      {texts.disabled}
    </Badge>
  );
}
