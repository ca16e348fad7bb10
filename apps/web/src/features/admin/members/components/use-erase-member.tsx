import { Stack, Text } from '@mantine/core';
import type { TAdminMember } from '@portal/contract';
import { useAlerts } from '../../../../components/feedback/alerts';
import { useConfirm } from '../../../../components/feedback/confirm';
import { de } from '../../../../i18n/de';
import { useEraseMember as useEraseMemberMutation } from '../api/save-member';

const texts = de.adminMembers;

/**
 * 'Mitglied löschen (DSGVO)': asks first ('Ja'/'Nein') and says what stays and what goes; true once the
 * member is erased. A refusal shows the server's German message in the red banner (the API client).
 */
export function useEraseMember() {
  const confirm = useConfirm();
  const alerts = useAlerts();
  const mutation = useEraseMemberMutation();
  async function run(member: TAdminMember): Promise<boolean> {
    const agreed = await confirm({
      title: texts.eraseTitle,
      text: (
        <Stack gap="xs">
          <Text size="sm">{texts.eraseText(member.username)}</Text>
          <Text size="sm" fw={600}>
            {texts.eraseFinal}
          </Text>
        </Stack>
      ),
      danger: true,
    });
    if (!agreed) return false;
    try {
      await mutation.mutateAsync(member.id);
    } catch {
      return false;
    }
    alerts.success(texts.erased(member.username));
    return true;
  }
  return { run, isPending: mutation.isPending };
}
