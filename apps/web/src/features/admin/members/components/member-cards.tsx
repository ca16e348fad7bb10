import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TAdminMember } from '@portal/contract';
import { IconPencil } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { de } from '../../../../i18n/de';
import { groupNames, lastLogin, roleName } from '../lib/member-display';
import type { MemberGroup } from '../lib/member-groups';
import { CompanyHeading, MemberCompany } from './member-company';
import { DisabledBadge, type MemberListProps, PersonName } from './member-table';

const texts = de.adminMembers;

/**
 * The phone's members: one card each, the facts stacked, so nothing scrolls sideways (issue 18); sorted by
 * company, a list per company under its heading (issue 36 point 5).
 */
export function MemberCards({ members, groups, onEdit }: MemberListProps) {
  if (groups) {
    return (
      <Stack gap="md">
        {groups.map((group) => (
          <CompanySection key={group.key} group={group} onEdit={onEdit} />
        ))}
      </Stack>
    );
  }
  return (
    <CardList label={texts.title}>
      {members.map((member) => (
        <MemberCard key={member.id} member={member} onEdit={onEdit} />
      ))}
    </CardList>
  );
}

function CompanySection({ group, onEdit }: { group: MemberGroup; onEdit: (member: TAdminMember) => void }) {
  const headingId = useId();
  return (
    <Stack component="section" gap="xs" aria-labelledby={headingId}>
      <Title order={2} size="h5" id={headingId}>
        <CompanyHeading group={group} />
      </Title>
      <CardList labelledBy={headingId}>
        {group.members.map((member) => (
          <MemberCard key={member.id} member={member} onEdit={onEdit} />
        ))}
      </CardList>
    </Stack>
  );
}

function CardList({
  label,
  labelledBy,
  children,
}: {
  label?: string;
  labelledBy?: string;
  children: ReactNode;
}) {
  return (
    <Stack
      component="ul"
      gap="sm"
      aria-label={label}
      aria-labelledby={labelledBy}
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {children}
    </Stack>
  );
}

function MemberCard({ member, onEdit }: { member: TAdminMember; onEdit: (member: TAdminMember) => void }) {
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Group gap={6}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {member.username}
              </Text>
              {member.disabled && <DisabledBadge />}
            </Group>
            <PersonName member={member} />
          </Stack>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconPencil size={14} aria-hidden />}
            aria-label={texts.editLabel(member.username)}
            onClick={() => onEdit(member)}
            style={{ flex: 'none' }}
          >
            {texts.edit}
          </Button>
        </Group>
        <dl style={{ margin: 0 }}>
          <Fact label={texts.email}>{member.email}</Fact>
          {(member.memberCompany || member.company) && (
            <Fact label={texts.company}>
              <MemberCompany member={member} />
            </Fact>
          )}
          <Fact label={texts.role}>{roleName(member.role)}</Fact>
          <Fact label={texts.groups}>{groupNames(member)}</Fact>
          <Fact label={texts.lastLogin}>{lastLogin(member)}</Fact>
        </dl>
      </Stack>
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text component="dt" size="sm" c="dimmed" style={{ flex: 'none' }}>
        {label}:
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {children}
      </Text>
    </Group>
  );
}
