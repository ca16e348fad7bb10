import { Alert } from '@mantine/core';
import type { TAdminGroup, TAdminMember } from '@portal/contract';
import type { ReactNode } from 'react';
import { FormSkeleton } from '../../../../components/form/form-skeleton';
import { useBottomSheet } from '../../../../components/overlay/bottom-sheet';
import { de } from '../../../../i18n/de';
import { getSettings } from '../../../../lib/settings';
import { useAdminGroups } from '../api/get-groups';
import { offersPassword } from '../lib/member-create';
import { MemberCreateForm } from './member-create-form';
import { MemberEditForm } from './member-edit-form';

const texts = de.adminMembers;

/** Opens a member's edit form in the bottom sheet (SPEC §4: one form dialog at a time). */
export function useMemberEditSheet(): (member: TAdminMember) => void {
  const sheet = useBottomSheet();
  return (member) =>
    sheet.open({
      title: texts.editTitle(member.username),
      content: (
        <WithGroups>
          {(groups) => <MemberEditForm member={member} groups={groups} onDone={sheet.close} />}
        </WithGroups>
      ),
    });
}

/** Opens 'Mitglied anlegen' in the bottom sheet. */
export function useMemberCreateSheet(): () => void {
  const sheet = useBottomSheet();
  return () =>
    sheet.open({
      title: texts.create,
      content: (
        <WithGroups>
          {(groups) => (
            <MemberCreateForm
              groups={groups}
              withPassword={offersPassword(getSettings())}
              onDone={sheet.close}
            />
          )}
        </WithGroups>
      ),
    });
}

/** The forms choose among the groups: shown once they are loaded. */
function WithGroups({ children }: { children: (groups: readonly TAdminGroup[]) => ReactNode }) {
  const groups = useAdminGroups();
  if (groups.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {de.common.formLoadFailed}
      </Alert>
    );
  }
  if (!groups.data) return <FormSkeleton heights={[36, 36, 60, 36]} />;
  return children(groups.data);
}
