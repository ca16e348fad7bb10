import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { TAdminMember } from '@portal/contract';
import { IconPencil } from '@tabler/icons-react';
import { de } from '../../../../i18n/de';
import { groupNames, lastLogin, roleName } from '../lib/member-display';
import { DisabledBadge } from './member-table';

const texts = de.adminMembers;

interface MemberCardsProps {
  members: readonly TAdminMember[];
  onEdit: (member: TAdminMember) => void;
}

/** The phone's members: one card each, the facts stacked, so nothing scrolls sideways (issue 18). */
export function MemberCards({ members, onEdit }: MemberCardsProps) {
  return (
    <Stack component="ul" gap="sm" aria-label={texts.title} p={0} m={0} style={{ listStyle: 'none' }}>
      {members.map((member) => (
        <Paper component="li" key={member.id} withBorder radius="md" p="sm">
          <Stack gap={4}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Group gap={6} style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {member.username}
                </Text>
                {member.disabled && <DisabledBadge />}
              </Group>
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
              <Fact label={texts.email} value={member.email} />
              <Fact label={texts.company} value={member.company} />
              <Fact label={texts.role} value={roleName(member.role)} />
              <Fact label={texts.groups} value={groupNames(member)} />
              <Fact label={texts.lastLogin} value={lastLogin(member)} />
            </dl>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text component="dt" size="sm" c="dimmed" style={{ flex: 'none' }}>
        {label}:
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {value}
      </Text>
    </Group>
  );
}
