import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { de } from '../../i18n/de';
import { session } from '../../lib/portal';
import { generateLoginLink, type TLoginForm, ZLoginForm } from './generate-login';

interface LoginFormProps {
  onError: (message: string | null) => void;
}

/** Username/password form; on success the browser follows the returned login link. */
export function LoginForm({ onError }: LoginFormProps) {
  const [redirecting, setRedirecting] = useState(false);
  const { register, handleSubmit, formState } = useForm<TLoginForm>({
    resolver: zodResolver(ZLoginForm),
    defaultValues: { username: '', password: '' },
  });

  const submit = handleSubmit(async (values) => {
    onError(null);
    try {
      const link = await generateLoginLink(values, session.rememberedRequest());
      setRedirecting(true);
      window.location.assign(link);
    } catch (error) {
      onError(error instanceof Error && error.message ? error.message : de.login.failed);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={de.login.username}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          withAsterisk
          error={formState.errors.username?.message}
          {...register('username')}
        />
        <PasswordInput
          label={de.login.password}
          autoComplete="current-password"
          withAsterisk
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" mt="xs" loading={formState.isSubmitting || redirecting}>
          {de.login.submit}
        </Button>
      </Stack>
    </form>
  );
}
