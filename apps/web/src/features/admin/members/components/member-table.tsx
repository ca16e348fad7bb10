import '@mantine/core/styles/Table.css';
import { Badge, Button, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { TAdminMember } from '@portal/contract';
import { IconPencil } from '@tabler/icons-react';
import { de } from '../../../../i18n/de';
import { groupNames, lastLogin, roleName } from '../lib/member-display';
import type { MemberGroup } from '../lib/member-groups';
import { CompanyHeading, MemberCompany } from './member-company';

const texts = de.adminMembers;
const COLUMNS = 7;

export interface MemberListProps {
  members: readonly TAdminMember[];
  /** sorted by company: the page's members under their companies (issue 36 point 5) */
  groups: readonly MemberGroup[] | null;
  onEdit: (member: TAdminMember) => void;
}

/**
 * The desktop's members: one row each, a column per fact (issue 18); sorted by company, a row group per
 * company under its heading (issue 36 point 5).
 */
export function MemberTable({ members, groups, onEdit }: MemberListProps) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped={!groups} withTableBorder verticalSpacing="xs" aria-label={texts.title}>
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
        {groups ? (
          groups.map((group) => (
            <Table.Tbody key={group.key}>
              <Table.Tr bg="var(--mantine-color-gray-1)">
                <Table.Th colSpan={COLUMNS} scope="rowgroup">
                  <CompanyHeading group={group} />
                </Table.Th>
              </Table.Tr>
              {group.members.map((member) => (
                <MemberRow key={member.id} member={member} onEdit={onEdit} />
              ))}
            </Table.Tbody>
          ))
        ) : (
          <Table.Tbody>
            {members.map((member) => (
              <MemberRow key={member.id} member={member} onEdit={onEdit} />
            ))}
          </Table.Tbody>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}

function MemberRow({ member, onEdit }: { member: TAdminMember; onEdit: (member: TAdminMember) => void }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Stack gap={2} align="flex-start">
          <Text fw={600} size="sm">
            {member.username}
          </Text>
          <PersonName member={member} />
          {member.disabled && <DisabledBadge />}
        </Stack>
      </Table.Td>
      <Table.Td>{member.email ?? ''}</Table.Td>
      <Table.Td>
        <MemberCompany member={member} />
      </Table.Td>
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
  );
}

/** The person's name under the username, where they have one (issue 36 point 6). */
export function PersonName({ member }: { member: TAdminMember }) {
  if (!member.name || member.name === member.username) return null;
  return (
    <Text size="sm" c="dimmed">
      {member.name}
    </Text>
  );
}

export function DisabledBadge() {
  return (
    <Badge color="red" variant="light" size="sm" style={{ flex: 'none' }}>
      {texts.disabled}
    </Badge>
  );
}
