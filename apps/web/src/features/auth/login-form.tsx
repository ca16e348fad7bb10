import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { de } from '../../i18n/de';
import { session } from '../../lib/portal';
import type { TLoginForm } from './generate-login';

interface LoginFormProps {
  onError: (message: string | null) => void;
}

type FieldErrors = Partial<Record<keyof TLoginForm, string>>;

/**
 * The form's check and its call, with zod, in a chunk of their own: the login screen loads without zod
 * (decision 0090). They load when the member starts typing, at the latest when they send the form.
 */
const loadLogin = () => import('./generate-login');

function fieldErrors(
  check: Awaited<ReturnType<typeof loadLogin>>['ZLoginForm'],
  values: TLoginForm,
): { data: TLoginForm | null; errors: FieldErrors } {
  const parsed = check.safeParse(values);
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'username' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return { data: null, errors };
}

/** Username/password form; on success the browser follows the returned login link. */
export function LoginForm({ onError }: LoginFormProps) {
  const [values, setValues] = useState<TLoginForm>({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  // After the first try the fields are checked again as they change (as react-hook-form did).
  const [tried, setTried] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const change = (field: keyof TLoginForm, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (!tried) return;
    void loadLogin().then(({ ZLoginForm }) => setErrors(fieldErrors(ZLoginForm, next).errors));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    onError(null);
    try {
      const { ZLoginForm, generateLoginLink } = await loadLogin();
      setTried(true);
      const { data, errors: found } = fieldErrors(ZLoginForm, values);
      setErrors(found);
      if (!data) {
        // The first field in error takes the focus.
        (found.username ? usernameRef : passwordRef).current?.focus();
        return;
      }
      const link = await generateLoginLink(data, session.rememberedRequest());
      setRedirecting(true);
      window.location.assign(link);
    } catch (error) {
      onError(error instanceof Error && error.message ? error.message : de.login.failed);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} onInput={() => void loadLogin()} noValidate>
      <Stack gap="sm">
        <TextInput
          label={de.login.username}
          name="username"
          ref={usernameRef}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          withAsterisk
          value={values.username}
          onChange={(event) => change('username', event.currentTarget.value)}
          error={errors.username}
        />
        <PasswordInput
          label={de.login.password}
          name="password"
          ref={passwordRef}
          autoComplete="current-password"
          withAsterisk
          value={values.password}
          onChange={(event) => change('password', event.currentTarget.value)}
          error={errors.password}
        />
        <Button type="submit" mt="xs" loading={submitting || redirecting}>
          {de.login.submit}
        </Button>
      </Stack>
    </form>
  );
}
