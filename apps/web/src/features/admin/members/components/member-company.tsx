import { Anchor, Group, Text } from '@mantine/core';
import { APP_PATHS, type TAdminMember } from '@portal/contract';
import { Link } from 'react-router';
import { de } from '../../../../i18n/de';
import type { MemberGroup } from '../lib/member-groups';

const texts = de.adminMembers;

/**
 * The member's company (issue 36 point 5): their member company, linked to its admin page; else the company text
 * the host website sent, marked as not linked to a company.
 */
export function MemberCompany({ member }: { member: TAdminMember }) {
  if (member.memberCompany) {
    return (
      // underlined: in a table or a line of facts, colour alone does not tell it is a link (axe)
      <Anchor component={Link} to={APP_PATHS.adminCompany(member.memberCompany.id)} size="sm" td="underline">
        {member.memberCompany.name}
      </Anchor>
    );
  }
  return member.company ? (
    <Text component="span" size="sm" c="dimmed">
      {texts.notLinked(member.company)}
    </Text>
  ) : null;
}

/** A company's heading over its members: its name linked to its admin page ('Ohne Firma' plain) and its count. */
export function CompanyHeading({ group }: { group: MemberGroup }) {
  return (
    <Group component="span" gap="xs" wrap="wrap" align="baseline">
      {group.company ? (
        <Anchor component={Link} to={APP_PATHS.adminCompany(group.company.id)} fw={700} td="underline">
          {group.company.name}
        </Anchor>
      ) : (
        <Text component="span" fw={700}>
          {texts.withoutCompany}
        </Text>
      )}
      <Text component="span" size="sm" c="dimmed">
        {texts.groupCount(group.count)}
      </Text>
    </Group>
  );
}
