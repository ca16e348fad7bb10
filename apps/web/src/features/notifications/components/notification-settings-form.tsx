import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Switch.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Radio, Stack, Switch } from '@mantine/core';
import { type TNotificationSettings, ZNotificationSettings } from '@portal/contract';
import { IconInfoCircle } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { useAlerts } from '../../../components/feedback/alerts';
import { useDirtyGuard } from '../../../components/form/dirty-guard';
import { saveWithFieldErrors } from '../../../components/form/save-with-field-errors';
import { de } from '../../../i18n/de';
import { useSaveNotificationSettings } from '../api/save-notification-settings';
import { DIGEST_CHOICES } from '../lib/settings-form';

interface NotificationSettingsFormProps {
  settings: TNotificationSettings;
  /** The switches for reply and mention mails (the forums'); a partner keeps the saved values without seeing them. */
  withForumReplies: boolean;
}

const FIELDS = ['forumReplies', 'mentions', 'digest'] as const;
const texts = de.notifications;
/** The forums' mail switches (issues 17 and 37), in their order on the page. */
const MAIL_SWITCHES = [
  { name: 'forumReplies', label: texts.forumReplies, hint: texts.forumRepliesHint },
  { name: 'mentions', label: texts.mentions, hint: texts.mentionsHint },
] as const;

/**
 * Issue 17: reply mails on or off, the digest never, daily or weekly; breaking news always comes. Issue 37:
 * mention mails on or off.
 */
export function NotificationSettingsForm({ settings, withForumReplies }: NotificationSettingsFormProps) {
  const alerts = useAlerts();
  const save = useSaveNotificationSettings();
  const { control, handleSubmit, reset, setError, formState } = useForm<TNotificationSettings>({
    resolver: zodResolver(ZNotificationSettings),
    defaultValues: settings,
  });
  const { errors } = formState;
  useDirtyGuard(formState.isDirty);

  const submit = handleSubmit(async (values) => {
    // Every save spends the unsubscribe links of mails sent before: nothing changed, nothing to send.
    if (!formState.isDirty) {
      alerts.success(texts.saved);
      return;
    }
    const saved = await saveWithFieldErrors(() => save.mutateAsync(values), {
      entity: '',
      fields: FIELDS,
      setError,
    });
    if (!saved.ok) return;
    reset(saved.value);
    alerts.success(texts.saved);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {withForumReplies &&
          MAIL_SWITCHES.map(({ name, label, hint }) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field }) => (
                <Switch
                  ref={field.ref}
                  name={field.name}
                  checked={field.value}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                  onBlur={field.onBlur}
                  label={label}
                  description={hint}
                  error={errors[name]?.message}
                  size="md"
                />
              )}
            />
          ))}
        <Controller
          control={control}
          name="digest"
          render={({ field }) => (
            <Radio.Group
              name={field.name}
              value={field.value}
              onChange={(value) => field.onChange(value)}
              label={texts.digest}
              description={texts.digestHint}
              error={errors.digest?.message}
            >
              <Stack gap="sm" mt="sm">
                {DIGEST_CHOICES.map((choice) => (
                  <Radio
                    key={choice.value}
                    value={choice.value}
                    label={choice.label}
                    description={choice.hint}
                    onBlur={field.onBlur}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
        />
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
          {texts.breakingNews} {texts.unsubscribe}
        </Alert>
        <Group>
          <Button type="submit" loading={formState.isSubmitting}>
            {de.common.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
